import { describe, expect, it } from 'vitest';
import { avatarProblem, checkAvatarFile, sniffImageType } from './avatar-file';

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const jpeg = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const webp = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0x24, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );

describe('avatar file check', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(Uint8Array.from(png))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from(jpeg))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from(webp))).toBe('image/webp');
  });

  it('refuses anything else, whatever the name says', () => {
    expect(sniffImageType(new TextEncoder().encode('hello, not an image'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses more than 5 MB', () => {
    expect(avatarProblem(5 * 1024 * 1024, 'image/png')).toBeNull();
    expect(avatarProblem(5 * 1024 * 1024 + 1, 'image/png')).toBe('tooBig');
    expect(avatarProblem(10, null)).toBe('wrongType');
  });

  it('checks a real File', async () => {
    expect(await checkAvatarFile(new File([Uint8Array.from(png)], 'me.png'))).toBeNull();
    expect(await checkAvatarFile(new File(['plain text'], 'me.png', { type: 'image/png' }))).toBe(
      'wrongType',
    );
  });
});
