import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigation,
  useResolvedPath,
  type To,
} from 'react-router';

/**
 * The app's links: React Router's `Link` and `NavLink` without what only its framework mode
 * uses (prefetching of route modules, route masks, lazy route discovery). Those sit in the
 * router's one module and would ship in the first-load chunk with its `Link`
 * (docs/performance.md#where-the-budgets-are-missed-and-why). Clicks are handled by the router's
 * own `useLinkClickHandler`: a plain click navigates in the app, a modified click (new tab, …) or
 * another target is left to the browser.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path inside the app (every link of ours; other addresses are plain `<a>`). */
  to: To;
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (a filter of the list on view). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, preventScrollReset, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target, preventScrollReset });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on the address itself, not below it. */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string);
  children?: ReactNode;
}

/** Whether `pathname` is `target` or (unless `end`) below it; case-insensitive like React Router's. */
function matches(pathname: string | undefined, target: string, end: boolean): boolean {
  if (pathname === undefined) return false;
  const path = pathname.toLowerCase();
  const to = target.toLowerCase();
  const slash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return path === to || (!end && path.startsWith(to) && path.charAt(slash) === '/');
}

/**
 * A link that knows whether it is the current page: `aria-current="page"`, and `className` as a
 * function of `{ isActive, isPending }` (pending: a navigation to it is under way), or a string
 * that gets `active` / `pending` appended, as React Router's `NavLink` does.
 */
export function NavLink({ to, end = false, className = '', ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname;
  const location = useLocation();
  const navigation = useNavigation();
  const state = {
    isActive: matches(location.pathname, target, end),
    isPending: matches(navigation.location?.pathname, target, end),
  };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={state.isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, state.isActive && 'active', state.isPending && 'pending'].filter(Boolean).join(' ')
      }
    />
  );
}
