import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, type TestContext } from '../helper.js';
import {
  avatarUpload,
  bearer,
  createOwnedProject,
  dialect,
  injectedWorld,
  multipart,
  png,
  printFigures,
  randomAddress,
} from './support.js';
import type { Req, Res, Send, World } from './support.js';

// Uploads and headers: a hostile corpus of avatar files is either refused with a 4xx or stored
// re-encoded as a plain WebP with nothing of the original left (no markup, no metadata), and
// every kind of answer the server gives carries the security headers.

/** A PNG whose header claims `size`×`size` pixels with almost no data: a decompression bomb. */
function claimedPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bit, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<script>alert(document.cookie)</script>';

async function corpus(): Promise<Array<{ name: string; type: string; bytes: Buffer }>> {
  const image64 = await png(64);
  const withExif = await sharp(image64)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'exif-secret-marker', ImageDescription: SCRIPT } })
    .toBuffer();
  return [
    {
      name: 'page.png',
      type: 'image/png',
      bytes: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`),
    },
    {
      name: 'icon.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
    },
    {
      name: 'icon.png',
      type: 'image/png',
      bytes: Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
    },
    {
      name: 'polyglot.png',
      type: 'image/png',
      bytes: Buffer.concat([image64, Buffer.from(`<html>${SCRIPT}</html>`)]),
    },
    { name: 'gifar.gif', type: 'image/gif', bytes: Buffer.from(`GIF89a/*${SCRIPT}*/=alert(1)//;`) },
    { name: 'exif.jpg', type: 'image/jpeg', bytes: withExif },
    {
      name: 'oversized.png',
      type: 'image/png',
      bytes: Buffer.concat([image64, Buffer.alloc(6 * 1024 * 1024, 7)]),
    },
    { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
    { name: 'truncated.png', type: 'image/png', bytes: image64.subarray(0, Math.floor(image64.length / 2)) },
    { name: 'bomb.png', type: 'image/png', bytes: claimedPng(100_000) },
    {
      name: 'renamed.exe.png',
      type: 'image/png',
      bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode'),
    },
  ];
}

// Pages and files of the web app (and the OpenAPI page) carry the full set.
const PAGE_HEADERS: Record<string, RegExp> = {
  'content-security-policy':
    /default-src 'self'.*script-src 'self'.*object-src 'none'.*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'strict-transport-security': /max-age=\d{7,}/,
  'referrer-policy': /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  'x-frame-options': /^(DENY|SAMEORIGIN)$/,
  'cross-origin-opener-policy': /^same-origin/,
  'cross-origin-resource-policy': /^same-(origin|site)$/,
};

// The API's answers carry the REST set: nothing may load in them, nothing may frame them, no
// sniffing, HTTPS only, no cross-origin reads (docs/security.md#headers).
const API_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /^default-src 'none'; frame-ancestors 'none'$/,
  'x-content-type-options': /^nosniff$/,
  'strict-transport-security': /max-age=\d{7,}/,
  'x-frame-options': /^DENY$/,
  'cross-origin-resource-policy': /^same-origin$/,
};

const isApiAnswer = (url: string): boolean => url.startsWith('/rest/') && !url.startsWith('/rest/docs');

function missingHeaders(url: string, res: Res): string[] {
  const expected = isApiAnswer(url) ? API_HEADERS : PAGE_HEADERS;
  const problems = Object.entries(expected)
    .filter(([name, pattern]) => !pattern.test(String(res.headers[name] ?? '')))
    .map(([name]) => `${name}: ${String(res.headers[name])}`);
  if (res.headers['x-powered-by']) problems.push('x-powered-by is set');
  return problems;
}

describe(`uploads and headers (${dialect})`, () => {
  let ctx: TestContext;
  let send: Send;
  let world: World;
  const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));

  beforeAll(async () => {
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body></body></html>',
    );
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    ({ ctx, send, world } = await injectedWorld({}, { webDist }));
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const upload = (file: { name: string; type: string; bytes: Buffer }) =>
    send(avatarUpload(world.owner, file.bytes, file.name, file.type));
  const storedAvatar = () =>
    ctx.db
      .selectFrom('person')
      .select(['avatarWebp', 'avatarVersion'])
      .where('id', '=', world.owner.id)
      .executeTakeFirstOrThrow();

  it('refuses or re-encodes every file of a hostile corpus', async () => {
    const outcomes: string[] = [];
    const problems: string[] = [];
    for (const file of await corpus()) {
      const before = await storedAvatar();
      const res = await upload(file);
      const after = await storedAvatar();
      outcomes.push(`${file.name}: ${res.statusCode}`);
      if (res.statusCode >= 500 || res.statusCode < 200 || (res.statusCode >= 300 && res.statusCode < 400))
        problems.push(`${file.name}: ${res.statusCode}`);
      if (res.statusCode >= 400) {
        if (after.avatarVersion !== before.avatarVersion) problems.push(`${file.name}: refused but stored`);
        continue;
      }
      const served = await send({
        method: 'GET',
        url: `/rest/collection/person/${world.owner.id}/avatar`,
        headers: bearer(world.owner.token),
      });
      const bytes = after.avatarWebp ?? Buffer.alloc(0);
      const text = bytes.toString('latin1');
      if (served.headers['content-type'] !== 'image/webp')
        problems.push(`${file.name}: served as ${String(served.headers['content-type'])}`);
      if (text.slice(0, 4) !== 'RIFF' || text.slice(8, 12) !== 'WEBP')
        problems.push(`${file.name}: stored bytes are not WebP`);
      if (/<script|<svg|<html|exif-secret-marker|alert\(/i.test(text))
        problems.push(`${file.name}: original content survived`);
      if ((await sharp(bytes).metadata()).exif) problems.push(`${file.name}: EXIF kept`);
    }
    printFigures('uploads', { files: outcomes.length, outcomes: outcomes.join(', ') });
    expect(problems).toEqual([]);
    // Zero-byte, truncated and oversized files are never images.
    expect(
      outcomes.filter(
        (o) => /^(empty|truncated|oversized|page|gifar|bomb|renamed)/.test(o) && / 2\d\d$/.test(o),
      ),
    ).toEqual([]);
  });

  it('sends the security headers with every kind of answer', async () => {
    const { projectId } = await createOwnedProject(send, world);
    const owner = bearer(world.owner.token);
    const avatar = multipart('avatar', 'a.png', 'image/png', await png(16));
    await upload({ name: 'a.png', type: 'image/png', bytes: await png(16) });
    const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });
    const address = randomAddress();
    const contact = {
      method: 'POST',
      url: '/rest/collection/contactform/send',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: address,
    };
    for (let i = 0; i < 10; i++) await send(contact); // the per-address limit answers 429 from here on
    const calls: Record<string, Req> = {
      'JSON 200': { method: 'GET', url: '/rest/collection/service' },
      'JSON 201': {
        method: 'POST',
        url: '/rest/collection/project',
        headers: json(world.owner.token),
        payload: JSON.stringify({ projectOwner: world.owner.id, name: 'H', description: 'D' }),
      },
      'empty 204': { method: 'DELETE', url: `/rest/collection/project/${projectId}`, headers: owner },
      'HEAD 200': { method: 'HEAD', url: '/rest/collection/service' },
      'validation 400': {
        method: 'POST',
        url: '/rest/collection/project',
        headers: json(world.owner.token),
        payload: '{}',
      },
      'sign-in 401': {
        method: 'POST',
        url: '/rest/auth',
        headers: { authorization: basicAuth(world.owner.email, 'wrong') },
        remoteAddress: randomAddress(),
      },
      'admin 403': { method: 'GET', url: '/rest/collection/admin/projects', headers: owner },
      'unknown API 404': { method: 'GET', url: '/rest/nothing-here' },
      'method 404': { method: 'DELETE', url: '/rest/collection/service' },
      'body 413': {
        method: 'POST',
        url: '/rest/collection/project',
        headers: json(world.owner.token),
        payload: JSON.stringify({ x: 'y'.repeat(400 * 1024) }),
      },
      'type 415': {
        method: 'POST',
        url: '/rest/collection/project',
        headers: { ...owner, 'content-type': 'text/xml' },
        payload: '<x/>',
      },
      'limit 429': contact,
      'CSV file': {
        method: 'GET',
        url: '/rest/collection/admin/projects?format=csv',
        headers: bearer(world.admin.token),
      },
      'avatar WebP': {
        method: 'GET',
        url: `/rest/collection/person/${world.owner.id}/avatar`,
        headers: owner,
      },
      'upload 200': {
        method: 'POST',
        url: `/rest/collection/person/${world.owner.id}/avatar`,
        headers: { ...owner, ...avatar.headers },
        payload: avatar.payload,
        remoteAddress: randomAddress(),
      },
      'catalogue image': { method: 'GET', url: `/rest/media/${world.mediaId}` },
      'translations (cached)': { method: 'GET', url: '/rest/collection/translation?namespace=Navigation' },
      health: { method: 'GET', url: '/rest/health' },
      'OpenAPI JSON': { method: 'GET', url: '/rest/docs/json' },
      'OpenAPI page': { method: 'GET', url: '/rest/docs/' },
      'app page': { method: 'GET', url: '/projects' },
      'app script': { method: 'GET', url: '/assets/app-1234.js' },
      'missing asset 404': { method: 'GET', url: '/assets/gone-0000.js' },
      'compressed JSON': {
        method: 'GET',
        url: '/rest/collection/translation?namespace=Navigation,Footer,General,Modal',
        headers: { 'accept-encoding': 'br' },
      },
    };
    const problems: string[] = [];
    const statuses: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      const res = await send(call);
      statuses.push(`${name}=${res.statusCode}`);
      const expected = /(\d{3})$/.exec(name)?.[1];
      if (expected && String(res.statusCode) !== expected) problems.push(`${name}: status ${res.statusCode}`);
      if (!expected && res.statusCode !== 200) problems.push(`${name}: status ${res.statusCode}`);
      problems.push(...missingHeaders(call.url, res).map((p) => `${name}: ${p}`));
    }
    printFigures('headers', { responseKinds: statuses.length, problems: problems.length });
    expect(problems).toEqual([]);
  });
});
