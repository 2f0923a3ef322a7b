import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '@portal/contract/person';

/**
 * Multipart bodies (file uploads) are read only in the route modules that register this: the
 * person's (avatar) and the admin console's services (images). The plugin adds an async
 * onRequest hook (a listener on every response) and an async onResponse hook to each route of
 * its scope; registered for the whole portal, every catalogue or project call paid for them.
 * A multipart body sent to any other route answers 415. See docs/performance.md#answers.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
}
