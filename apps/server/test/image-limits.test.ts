import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminService } from '@portal/contract/admin-service';
import { IMAGE_LIMITS } from '@portal/contract/image';
import { imageJobCounts, runImageJob } from '../src/lib/image-jobs.js';
import {
  bearer,
  buildTestApp,
  createService,
  createSignedInPerson,
  multipartParts,
  png,
  snapshot,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// Every image upload (avatar, service gallery picture, logo, thumbnail) within IMAGE_LIMITS
// (docs/security.md#uploads): a picture too large or too narrow is refused from its header
// with a 422 naming the limits, before a pixel is decoded; a picture is never enlarged; and at
// most IMAGE_LIMITS.concurrentJobs pictures are worked on at once.

/** The attack: a valid 243 KB PNG of 400 × 100,000 px (upscaled to 1401 px wide it took 2 GB). */
const strip = () =>
  sharp({ create: { width: 400, height: 100_000, channels: 3, background: '#c33' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
/** 49 megapixels in a square: beyond the pixel limit, inside the aspect ratio. */
const huge = () =>
  sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3a5' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
/** The PNG upload field `file` with further form fields. */
const multipart = (file: string, bytes: Buffer, fields: Record<string, string> = {}) =>
  multipartParts([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: file, filename: 'p.png', type: 'image/png', bytes },
  ]);

describe('image limits', () => {
  let ctx: TestContext;
  let admin: SignedInPerson;
  let customer: SignedInPerson;
  let serviceId: string;
  let tall: Buffer;
  let wide: Buffer;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createSignedInPerson(ctx, { isAdmin: 1 });
    customer = await createSignedInPerson(ctx);
    serviceId = await createService(ctx.db);
    [tall, wide] = await Promise.all([strip(), huge()]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const uploads = {
    avatar: (bytes: Buffer, headers: Record<string, string> = {}) => {
      const body = multipart('avatar', bytes);
      return ctx.app.inject({
        method: 'POST',
        url: `/rest/collection/person/${customer.id}/avatar`,
        headers: { ...bearer(customer.token), ...body.headers, ...headers },
        payload: body.payload,
      });
    },
    ...Object.fromEntries(
      (['gallery', 'logo', 'thumbnail'] as const).map((slot) => [
        slot,
        (bytes: Buffer, headers: Record<string, string> = {}) => {
          const body = multipart('file', bytes, { slot, nameDe: 'Bild', nameEn: 'Picture' });
          return ctx.app.inject({
            method: 'POST',
            url: `/rest/collection/admin/service/${serviceId}/gallery`,
            headers: { ...bearer(admin.token), ...body.headers, ...headers },
            payload: body.payload,
          });
        },
      ]),
    ),
  } as Record<
    'avatar' | 'gallery' | 'logo' | 'thumbnail',
    (bytes: Buffer, headers?: Record<string, string>) => ReturnType<TestContext['app']['inject']>
  >;

  it('refuses a 400 × 100,000 px strip and a 49-megapixel picture on every upload with 422 naming the limits, at once and storing nothing', async () => {
    expect(tall.length).toBeLessThan(300 * 1024); // small on the wire: only the header tells
    const before = await snapshot(ctx.db);
    for (const [name, upload] of Object.entries(uploads)) {
      for (const [picture, problem] of [
        [tall, 'aspect ratio of 250.0:1; at most 10:1'],
        [wide, '49000000 pixels; at most 40000000'],
      ] as const) {
        const started = performance.now();
        const german = await upload(picture);
        // A generous bound: read from the header this takes milliseconds; decoding took 20 s.
        expect(performance.now() - started, name).toBeLessThan(2000);
        expect(german.statusCode, `${name}: ${german.body}`).toBe(422);
        const error = german.json<{ error: { code: string; message: string; problems: string[] } }>().error;
        expect(error.code).toBe('imageTooLarge');
        expect(error.message).toContain(`höchstens ${IMAGE_LIMITS.maxPixels / 1_000_000} Megapixel`);
        expect(error.message).toContain(`Seitenverhältnis bis ${IMAGE_LIMITS.maxAspectRatio}:1`);
        expect(error.problems.join(' ')).toContain(problem);
        const english = await upload(picture, { 'accept-language': 'en' });
        expect(english.statusCode).toBe(422);
        expect(english.json<{ error: { message: string } }>().error.message).toContain(
          `at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels and an aspect ratio of up to ${IMAGE_LIMITS.maxAspectRatio}:1`,
        );
      }
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('stores a small picture at its own size: never enlarged', async () => {
    const gallery = await uploads.gallery(await png(300, 200));
    expect(gallery.statusCode, gallery.body).toBe(201);
    const picture = gallery.json<AdminService>().gallery.at(-1)!;
    const row = await ctx.db
      .selectFrom('serviceImage')
      .selectAll()
      .where('id', '=', picture.id)
      .executeTakeFirstOrThrow();
    const sizes = [row.xsMediaId, row.smMediaId, row.mdMediaId, row.lgMediaId, row.xlgMediaId];
    const widths = await Promise.all(
      sizes.map(
        async (id) =>
          (await ctx.db.selectFrom('media').select('width').where('id', '=', id).executeTakeFirstOrThrow())
            .width,
      ),
    );
    expect(widths).toEqual([200, 300, 300, 300, 300]); // xs is 200 px; the others would be 421–1401

    const logo = await uploads.logo(await png(100, 80));
    expect(logo.statusCode, logo.body).toBe(201);
    const logoImage = await ctx.app.inject({ method: 'GET', url: logo.json<AdminService>().logo! });
    expect((await sharp(logoImage.rawPayload).metadata()).width).toBe(100);

    const avatar = await uploads.avatar(await png(64, 48));
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarUrl = avatar.json<{ avatar: string }>().avatar;
    const avatarImage = await ctx.app.inject({
      method: 'GET',
      url: avatarUrl,
      headers: bearer(customer.token),
    });
    const meta = await sharp(avatarImage.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([48, 48]); // a square, cut, not blown up to 256
  });

  it('answers 503 with Retry-After while the image slots and the waiting places are taken', async () => {
    let free = (): void => undefined;
    const blocked = new Promise<void>((resolve) => (free = resolve));
    const taken = IMAGE_LIMITS.concurrentJobs + IMAGE_LIMITS.waitingJobs;
    const jobs = Array.from({ length: taken }, () => runImageJob(() => blocked));
    expect(imageJobCounts()).toEqual({
      running: IMAGE_LIMITS.concurrentJobs,
      waiting: IMAGE_LIMITS.waitingJobs,
    });
    const picture = await png(40, 40);
    for (const upload of [uploads.avatar, uploads.gallery]) {
      const refused = await upload(picture, { 'accept-language': 'en' });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(IMAGE_LIMITS.maxWaitSeconds));
      expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/busy/);
    }
    free();
    await Promise.all(jobs);
    expect(imageJobCounts()).toEqual({ running: 0, waiting: 0 });
    expect((await uploads.avatar(picture)).statusCode).toBe(200);
  });

  it('runs at most IMAGE_LIMITS.concurrentJobs image jobs at once; one waiting too long gets 503', async () => {
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    // One batch as large as slots and waiting places together: all run, in turns.
    await Promise.all(
      Array.from({ length: IMAGE_LIMITS.concurrentJobs + IMAGE_LIMITS.waitingJobs }, () => runImageJob(job)),
    );
    expect(most).toBe(IMAGE_LIMITS.concurrentJobs);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let free = (): void => undefined;
      const blocked = new Promise<void>((resolve) => (free = resolve));
      const holders = Array.from({ length: IMAGE_LIMITS.concurrentJobs }, () => runImageJob(() => blocked));
      const late = runImageJob(() => Promise.resolve('ran'));
      const outcome = late.catch((error: { statusCode?: number }) => error.statusCode);
      await vi.advanceTimersByTimeAsync(IMAGE_LIMITS.maxWaitSeconds * 1000);
      expect(await outcome).toBe(503);
      expect(imageJobCounts().waiting).toBe(0);
      free();
      await Promise.all(holders);
    } finally {
      vi.useRealTimers();
    }
  });
});
