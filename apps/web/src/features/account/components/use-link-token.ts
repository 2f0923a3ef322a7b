import { useEffect, useState } from 'react';
import { useSearchParams } from '@/hooks/use-search-params';

/**
 * The token of a mailed link (?token=…), read once; the address bar then drops it, so it stays
 * out of the browser's history and of screenshots.
 */
export function useLinkToken(): string {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);
  return token;
}
