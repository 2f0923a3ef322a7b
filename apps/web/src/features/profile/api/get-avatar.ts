import { queryOptions, useQuery } from '@tanstack/react-query';
import { readToken } from '@/lib/session';

/**
 * The avatar needs the bearer token, which an <img> cannot send: it is fetched as a blob and
 * shown through an object URL. (The rest client answers JSON only; this is its one binary GET.)
 */
export async function getAvatar({ url, signal }: { url: string; signal?: AbortSignal }): Promise<Blob> {
  const headers = new Headers({ Accept: 'image/webp,image/*' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers, signal: signal ?? null, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Avatar answered ${response.status}`);
  return response.blob();
}

/** The URL carries a version (`?v=N`): a given URL's picture never changes. */
export const avatarQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['avatar', url],
    queryFn: ({ signal }) => getAvatar({ url, signal }),
    staleTime: Infinity,
  });

export function useAvatar(url: string | null) {
  return useQuery({ ...avatarQueryOptions(url ?? ''), enabled: Boolean(url) });
}
