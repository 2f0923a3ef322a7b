import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips) on first use. Loaded at start it holds about 30 MB of resident memory that a
 * server needs only when an avatar is uploaded or catalogue images are encoded.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
