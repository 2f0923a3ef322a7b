import { queryOptions, useQuery } from '@tanstack/react-query';
import { restFile } from '@/lib/rest-client';
import { avatarKeys } from '@/lib/query-keys-signed-in';

/**
 * The avatar needs the bearer token, which an <img> cannot send: it is fetched as a blob and
 * shown through an object URL.
 */
export async function getAvatar({ url, signal }: { url: string; signal?: AbortSignal }): Promise<Blob> {
  const { blob } = await restFile(url, 'image/webp,image/*', { signal });
  return blob;
}

/** The URL carries a version (`?v=N`): a given URL's picture never changes. */
export const avatarQueryOptions = (url: string) =>
  queryOptions({
    queryKey: avatarKeys.one(url),
    queryFn: ({ signal }) => getAvatar({ url, signal }),
    staleTime: Infinity,
  });

export function useAvatar(url: string | null) {
  return useQuery({ ...avatarQueryOptions(url ?? ''), enabled: Boolean(url) });
}
