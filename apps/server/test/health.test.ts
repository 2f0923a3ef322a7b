import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper.js';

describe('health, errors and headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, { maxEventLoopDelayMs: 1000 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers liveness and readiness', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/rest/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('while the event loop is stuck, refuses requests with 503 and Retry-After and is not ready; recovers after', async () => {
    // Block the loop in slices of 1.5 s (a runaway computation), yielding briefly in between so
    // the load monitor can sample it.
    for (let slice = 0; slice < 3; slice++) {
      const end = Date.now() + 1500;
      while (Date.now() < end) {
        // busy
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const ready = await ctx.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.statusCode).toBe(503);
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service', headers: { 'content-language': 'en' } });
    expect(catalogue.statusCode).toBe(503);
    expect(catalogue.headers['retry-after']).toBe('10');
    expect(catalogue.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'unavailable',
      message: 'The service is busy right now. Please try again in a moment.',
    });
    // Liveness still answers: the process is alive, only busy.
    expect((await ctx.app.inject({ method: 'GET', url: '/rest/health' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/rest/ready' })).statusCode, { timeout: 5000, interval: 200 })
      .toBe(200);
  });

  it('bounds how long a request and an idle connection may take', () => {
    expect(ctx.app.initialConfig).toMatchObject({ requestTimeout: 30_000, keepAliveTimeout: 72_000, connectionTimeout: 75_000 });
  });

  it('answers an unknown /rest/ path with a JSON 404 in the error shape, German by default', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<{ error: { code: string; message: string; requestId: string } }>();
    expect(body.error.code).toBe('notFound');
    expect(body.error.message).toBe('Nicht gefunden.');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('speaks English when the request asks for it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/rest/does-not-exist',
      headers: { 'content-language': 'en' },
    });
    expect(res.json<{ error: { message: string } }>().error.message).toBe('Not found.');
  });

  it('answers the API with the REST hardening headers: nothing may load in an answer or frame it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The page headers stay on pages: an API answer is never built into one.
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('rejects malformed JSON with a 400 that reveals nothing internal', async () => {
    // A public route that takes JSON: the body cannot be parsed, so no handler runs.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/contactform/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'badRequest', message: 'Die Anfrage ist fehlerhaft.', requestId: res.headers['x-request-id'] },
    });
    expect(res.body).not.toMatch(/node_modules|at .*\(|\/work\/|SyntaxError|JSON/);
  });

  it('declares an access policy on every /rest/ route', () => {
    const undeclared = ctx.app.routeAccess.filter(
      (r) => r.url.startsWith('/rest/') && !r.url.startsWith('/rest/docs') && r.access === undefined,
    );
    expect(ctx.app.routeAccess.length).toBeGreaterThan(5);
    expect(undeclared).toEqual([]);
  });
});
