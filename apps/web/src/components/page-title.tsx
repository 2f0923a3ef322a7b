import { brandName } from '@/config/brand';

/**
 * The document title of a screen and, on public pages, its description for search engines
 * (React 19 hoists <title> and <meta> into <head>; on the server they open the page's head, see
 * docs/performance.md#public-pages-rendered-on-the-server).
 */
export function PageTitle({
  title,
  description,
}: {
  title?: string | undefined;
  description?: string | undefined;
}) {
  return (
    <>
      <title>{title ? `${title} · ${brandName}` : brandName}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
