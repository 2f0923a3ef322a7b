/**
 * Limits of every image upload (avatar, service gallery picture, logo, thumbnail), beside the
 * byte limits (AVATAR_MAX_BYTES, SERVICE_IMAGE_MAX_BYTES). Pixels and aspect ratio are read
 * from the file's header and checked before a pixel is decoded: a small file can claim a huge
 * picture (docs/security.md#uploads).
 */
export const IMAGE_LIMITS = {
  /** Width × height of the uploaded picture. */
  maxPixels: 40_000_000,
  /** Long side to short side: a 400 × 100,000 strip is no picture anyone shows. */
  maxAspectRatio: 10,
  /** Pictures decoded and encoded at the same time per server; each may hold ~100 MB. */
  concurrentJobs: 2,
  /** Uploads waiting for a turn; one more is answered 503 with Retry-After. */
  waitingJobs: 4,
  /** The longest an upload waits for its turn before it is answered 503 with Retry-After. */
  maxWaitSeconds: 10,
} as const;
