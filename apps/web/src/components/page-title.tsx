import { brandName } from '@/config/brand';

/** The document title of a screen (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string | undefined }) {
  return <title>{title ? `${title} · ${brandName}` : brandName}</title>;
}
