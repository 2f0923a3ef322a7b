import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { catalogueChanged } from '../src/modules/catalogue/catalogue-changes.js';
import { INVITATION_MAIL_LIMITS } from '@portal/contract/project-member';
import { basicAuth, bearer, createPerson, createProjectViaApi, createService, createTestDatabase, login, type TestDatabase } from './helper.js';

// Two server instances on one database and one Redis, as behind a load balancer: a session
// made on one works on the other, sign-in failures and invitation mails count across both, and a
// catalogue change on one drops the other's cached catalogue.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(process.env.TEST_REDIS !== '0')('several instances (shared database and Redis)', () => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: redisUrl });
    first = await buildApp({ config, db: database.db, dialect: database.dialect, logger: false });
    second = await buildApp({ config, db: database.db, dialect: database.dialect, logger: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.destroy();
  });

  it('accepts a token issued by the other instance', async () => {
    const person = await createPerson(database.db);
    const token = await login(first, person);
    const res = await second.inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  it("drops the other instance's cached catalogue when the catalogue changes", async () => {
    // Both must hear the change feed, else they keep nothing in memory.
    await vi.waitFor(() => expect(first.changes.live && second.changes.live).toBe(true), { timeout: 5000 });
    const id = await createService(database.db, { nameDe: 'Vorher' });
    const url = `/rest/collection/service/${id}`;
    const name = async () => (await second.inject({ method: 'GET', url })).json<{ name: { de: string } }>().name.de;
    expect(await name()).toBe('Vorher');
    await database.db.updateTable('service').set({ nameDe: 'Nachher' }).where('id', '=', id).execute();
    expect(await name()).toBe('Vorher'); // kept by the second instance

    await catalogueChanged(first.changes);
    await vi.waitFor(async () => expect(await name()).toBe('Nachher'), { timeout: 2000, interval: 5 });
  });

  it('counts the invitation mails to one address across instances, even all at once', async () => {
    const recipient = `invited-${randomBytes(4).toString('hex')}@example.net`;
    const owners = await Promise.all(Array.from({ length: 8 }, () => createPerson(database.db)));
    const tokens = await Promise.all(owners.map((owner) => login(first, owner)));
    const projects = await Promise.all(owners.map((owner, i) => createProjectViaApi(first, tokens[i]!, owner.id)));
    const answers = await Promise.all(
      projects.map((projectId, i) =>
        (i % 2 === 0 ? first : second).inject({
          method: 'POST',
          url: `/rest/collection/project/${projectId}/member`,
          headers: bearer(tokens[i]!),
          payload: { email: recipient, role: 'viewer' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(INVITATION_MAIL_LIMITS.perRecipient);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8 - INVITATION_MAIL_LIMITS.perRecipient);
    const mails = await database.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', recipient).execute();
    expect(mails).toHaveLength(INVITATION_MAIL_LIMITS.perRecipient);
  });

  it('counts failed sign-ins across instances', async () => {
    const person = await createPerson(database.db, { email: `shared-${randomBytes(4).toString('hex')}@example.com` });
    const remoteAddress = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first : second;
      const res = await app.inject({ method: 'POST', url: '/rest/auth', remoteAddress, headers: { authorization: basicAuth(person.email, 'wrong') } });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const res = await app.inject({ method: 'POST', url: '/rest/auth', remoteAddress, headers: { authorization: basicAuth(person.email, person.password) } });
      expect(res.statusCode).toBe(429);
    }
  });
});
