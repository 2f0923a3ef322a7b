import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper.js';

describe('serving the web app', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the web build's precompress step writes beside a large file.
    const bundle = `console.log(${'"portal",'.repeat(400)})`;
    writeFileSync(join(webDist, 'assets', 'big-abc123.js'), bundle);
    writeFileSync(join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(bundle));
    writeFileSync(join(webDist, 'assets', 'big-abc123.js.gz'), gzipSync(bundle));
    ctx = await buildTestApp({}, { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/services', '/projects/x-abc', '/projects/x-abc/captcha-def', '/rechtliches/impressum'])(
    'answers the deep link %s with the app',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers /rest/ with the app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/collection/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('notFound');
  });

  it('answers a missing asset with a real 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends the precompressed file the browser accepts, and the plain one otherwise', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log("portal"');

    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("portal"');
  });
});
