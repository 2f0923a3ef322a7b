import { useEffect } from 'react';
import { redirect, useLocation, useNavigate } from 'react-router';

// A named resource's address is `{slug}-{id}`, the slug made from its current name (in the
// current language for services): docs/domain.md#ids-and-slugs. An address with another slug
// (renamed, typed by hand, the other language) still finds the resource by its id and is then
// corrected to the canonical one, keeping whatever follows it (a child route, query, hash).

/** The part of `pathname` that `canonical` stands for (as many segments), and the rest. */
function splitAt(pathname: string, canonical: string): [head: string, rest: string] {
  const head = pathname.split('/').slice(0, canonical.split('/').length).join('/');
  return [head, pathname.slice(head.length)];
}

/** In a route loader: redirects to the canonical address unless the request already uses it. */
export function redirectToCanonical(request: Request, canonical: string): void {
  const url = new URL(request.url);
  const [head, rest] = splitAt(url.pathname, canonical);
  if (head !== canonical) throw redirect(`${canonical}${rest}${url.search}${url.hash}`);
}

/**
 * On a screen: keeps the address canonical while the screen is on view, e.g. after a switch of
 * the interface language changed the name. The address is replaced in place (Back does not lead
 * to the old slug) and the page stays where it is scrolled.
 */
export function useCanonicalPath(canonical: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const [head, rest] = splitAt(location.pathname, canonical);
    if (head === canonical) return;
    void navigate(
      { pathname: `${canonical}${rest}`, search: location.search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  }, [canonical, location, navigate]);
}
