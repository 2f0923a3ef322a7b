import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

type SearchInit = URLSearchParams | Record<string, string>;

/**
 * The address's query as URLSearchParams and a setter that navigates to the same page with
 * another one (`?…`; options as for navigate, e.g. `{ replace: true }`). What React Router's
 * `useSearchParams` does for the app: its version lives in the one module of the library that
 * the first-load chunk holds, so it shipped there although only screens loaded on demand use it
 * (docs/performance.md#first-load-javascript).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
