import Database from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache.js';
import { AnswerCache } from '../src/lib/answer-cache.js';
import {
  ANSWER_CACHE_LIMITS,
  PERSONAL_ANSWER_LIMITS,
  STATEMENT_CACHE_LIMITS,
} from '../src/lib/cache-limits.js';
import { PersonalAnswers } from '../src/lib/personal-answers.js';
import type { ChangeFeed } from '../src/lib/change-feed.js';

// The in-memory caches evict the least recently used entries, one at a time
// (docs/performance.md#caches): a flood of distinct keys, as a stranger can send, never throws
// out the entry everyone is reading.

const liveFeed: ChangeFeed = {
  live: true,
  publish: async () => undefined,
  subscribe: () => undefined,
  close: async () => undefined,
};

describe('cache eviction under a flood of distinct entries', () => {
  it('keeps the answer in use while three times the answer cache’s limit of other answers arrive', async () => {
    const cache = new AnswerCache(liveFeed, 'topic', 60_000);
    let hotBuilds = 0;
    const hot = () => cache.get('hot', async () => `hot ${++hotBuilds}`);
    await hot();
    for (let i = 0; i < ANSWER_CACHE_LIMITS.maxEntries * 3; i++) {
      await cache.get(`flood ${i}`, async () => `answer ${i}`);
      if (i % 100 === 0) await hot();
    }
    await hot();
    expect(hotBuilds).toBe(1);
    // Bounded all the same, and not emptied: the newest answers are there.
    expect(cache.size).toBe(ANSWER_CACHE_LIMITS.maxEntries);
    expect(cache.kept(`flood ${ANSWER_CACHE_LIMITS.maxEntries * 3 - 1}`)).toBeDefined();
  });

  it('keeps a person’s answer in use while other URLs fill the signed-in answers’ byte limit twice', async () => {
    const answers = new PersonalAnswers({ now: () => new Date() });
    const request = (url: string) =>
      ({ user: { id: 'person' }, language: 'de', url, dataVersion: '1' }) as unknown as FastifyRequest;
    let hotBuilds = 0;
    const hot = () => answers.get(request('/hot'), async () => ({ body: `{"hot":${++hotBuilds}}` }));
    await hot();
    const body = 'x'.repeat(64 * 1024);
    const flood = Math.ceil((PERSONAL_ANSWER_LIMITS.maxBytes * 2) / body.length);
    for (let i = 0; i < flood; i++) {
      await answers.get(request(`/flood/${i}`), async () => ({ body }));
      if (i % 10 === 0) await hot();
    }
    await hot();
    expect(hotBuilds).toBe(1);
    expect(answers.kept(request(`/flood/${flood - 1}`))).toBeDefined();
    expect(answers.kept(request('/flood/0'))).toBeUndefined();
  });

  it('keeps a statement in use prepared while twice the statement cache’s limit of other texts are prepared', () => {
    const native = new Database(':memory:');
    const statements = withStatementCache(native);
    const hot = statements.prepare('select 1 as hot');
    for (let i = 0; i < STATEMENT_CACHE_LIMITS.maxEntries * 2; i++) {
      statements.prepare(`select ${i} as flood`);
      if (i % 50 === 0) expect(statements.prepare('select 1 as hot')).toBe(hot);
    }
    expect(statements.prepare('select 1 as hot')).toBe(hot);
    statements.close();
  });
});
