import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInPerson, dialect, type TestContext } from './helper.js';

// A body over the limit is answered 413 before it has all arrived. The answer must reach the
// client: the server ends its side after the answer and reads (and drops) what the client is
// still sending, for a bounded time, instead of closing a socket with unread data, which makes
// the kernel answer the client's next bytes with a reset: the client's write fails (EPIPE,
// ECONNRESET) and most clients report that instead of the 413 waiting in their buffer.
//
// Real HTTP from another process (as a client is), several large bodies at once, each written
// as fast as the socket takes it, to a route without a rate limit (creating a project) so that
// every one of them reaches the body limit.

// Larger than the buffers of a loopback connection (a few MB), so that the client is still
// sending when the answer comes, as a 3 MB body over a real network is.
const BODY_BYTES = 16 * 1024 * 1024;
const PARALLEL = 8;
const ROUNDS = 6;

interface Outcome {
  status?: number;
  body?: string;
  connection?: string;
  error?: string;
}

/** The client program: `ROUNDS` rounds of `PARALLEL` requests; prints the outcomes as JSON. */
const CLIENT = `
const { request } = require('node:http');
const [port, token, bytes, parallel, rounds, chunked] = process.argv.slice(1);
const body = Buffer.alloc(Number(bytes), 'name=x&');
const send = () => new Promise((resolve) => {
  const req = request({
    host: '127.0.0.1', port: Number(port), method: 'POST', path: '/rest/collection/project', agent: false,
    headers: {
      authorization: 'Bearer ' + token,
      'content-type': 'application/x-www-form-urlencoded',
      'content-language': 'en',
      ...(chunked === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
    },
  }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), connection: res.headers.connection }));
    res.on('error', (error) => resolve({ status: res.statusCode, error: String(error.code || error.message) }));
  });
  req.on('error', (error) => resolve({ error: String(error.code || error.message) }));
  req.end(body);
});
(async () => {
  const outcomes = [];
  for (let round = 0; round < Number(rounds); round++) {
    outcomes.push(...(await Promise.all(Array.from({ length: Number(parallel) }, send))));
  }
  process.stdout.write(JSON.stringify(outcomes));
})();
`;

describe(`a body over the limit (${dialect})`, () => {
  let ctx: TestContext;
  let port: number;
  let token: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    token = (await createSignedInPerson(ctx)).token;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function sendFromAnotherProcess(chunked: boolean): Promise<Outcome[]> {
    const args = [port, token, BODY_BYTES, PARALLEL, ROUNDS, chunked ? 'chunked' : 'length'].map(String);
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', CLIENT, ...args], {
      maxBuffer: 1024 * 1024,
    });
    return JSON.parse(stdout) as Outcome[];
  }

  it.each([
    ['with a Content-Length over the limit', false],
    ['chunked, without a Content-Length', true],
  ])('answers every client 413 with its body, %s', async (_label, chunked) => {
    const outcomes = await sendFromAnotherProcess(chunked);
    expect(outcomes).toHaveLength(PARALLEL * ROUNDS);
    const failures = outcomes.filter((o) => o.status !== 413);
    expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
    for (const outcome of outcomes) {
      expect(JSON.parse(outcome.body ?? '')).toMatchObject({
        error: { code: 'payloadTooLarge', message: 'The request is too large.' },
      });
      expect(outcome.connection).toBe('close');
    }
  });

  it('still answers normal requests afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/rest/health`);
    expect(res.status).toBe(200);
  });
});
