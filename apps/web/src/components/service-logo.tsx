import type { ReactNode } from 'react';

/**
 * A service's logo as every screen shows it: decorative (the service's name stands beside it),
 * square, at the given size in CSS pixels. Without a logo it shows `fallback` (nothing by default).
 */
export function ServiceLogo({
  src,
  size,
  className,
  fallback = null,
}: {
  src: string | null;
  size: number;
  className: string;
  fallback?: ReactNode;
}) {
  if (!src) return fallback;
  return <img src={src} alt="" width={size} height={size} className={className} />;
}
