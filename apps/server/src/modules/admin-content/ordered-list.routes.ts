import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pageQuerySchema, type PageQuery } from '@portal/contract/admin-common';
import { idSchema } from '@portal/contract/common';
import type { Database, Db } from '../../db/database.js';
import type { AccessPolicy } from '../../plugins/access.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { auditActorOf, type AuditActor } from '../audit/audit.service.js';

// The five routes of an ordered list in the admin console (price packages, legal pages; see
// ordered-list.ts): the list, create, one entry, change and delete. What differs per kind (the
// address, the schemas, the summaries and the service calls) comes in as a description.

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface OrderedListRoutes<List, Item, Create, Patch> {
  url: string;
  /** Who may call them: each of the five routes declares it. */
  access: AccessPolicy;
  schemas: {
    list: z.ZodType<List>;
    item: z.ZodType<Item>;
    create: z.ZodType<Create>;
    patch: z.ZodType<Patch>;
  };
  summaries: { list: string; create: string; get: string; patch: string; delete: string };
  // Method signatures: a list of any kind is also a list of unknown values, which is how the
  // routes below hand it what the request schemas checked.
  list(db: Db, page: PageQuery): Promise<List>;
  get(db: Db, id: string): Promise<Item>;
  create(db: Kysely<Database>, changes: ChangeFeed, who: AuditActor, input: Create): Promise<Item>;
  patch(db: Kysely<Database>, changes: ChangeFeed, who: AuditActor, id: string, patch: Patch): Promise<Item>;
  remove(db: Kysely<Database>, changes: ChangeFeed, who: AuditActor, id: string): Promise<void>;
}

const tags = ['admin'];
const byId = z.object({ id: idSchema });

export function orderedListRoutes<List, Item, Create, Patch>(
  app: App,
  kind: OrderedListRoutes<List, Item, Create, Patch>,
): void {
  const list: OrderedListRoutes<unknown, unknown, unknown, unknown> = kind;
  const { url, schemas, summaries } = list;
  const config = { access: list.access };
  app.get(
    url,
    {
      config,
      schema: {
        tags,
        summary: summaries.list,
        querystring: pageQuerySchema,
        response: { 200: schemas.list },
      },
    },
    async (request) => list.list(app.db, request.query),
  );
  app.post(
    url,
    {
      config,
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: schemas.item },
      },
    },
    async (request, reply) => {
      const created = await list.create(app.db, app.changes, auditActorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
  app.get(
    `${url}/:id`,
    {
      config,
      schema: { tags, summary: summaries.get, params: byId, response: { 200: schemas.item } },
    },
    async (request) => list.get(app.db, request.params.id),
  );
  app.patch(
    `${url}/:id`,
    {
      config,
      schema: {
        tags,
        summary: summaries.patch,
        params: byId,
        body: schemas.patch,
        response: { 200: schemas.item },
      },
    },
    async (request) =>
      list.patch(app.db, app.changes, auditActorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${url}/:id`,
    { config, schema: { tags, summary: summaries.delete, params: byId } },
    async (request, reply) => {
      await list.remove(app.db, app.changes, auditActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
