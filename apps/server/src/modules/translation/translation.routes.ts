import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translationListSchema, translationQuerySchema, translationKey } from '@portal/contract/translation';
import { AnswerCache } from '../../lib/answer-cache.js';
import { sendFromCache } from '../../lib/send-cached.js';
import { compileSerializer } from '../../plugins/response-serializer.js';
import { TRANSLATION_TOPIC } from './translation-changes.js';
import { listTranslations } from './translation.repository.js';

/** Backstop for texts changed outside every instance's change feed (the CLI import, SQL by hand). */
const MAX_AGE_MS = 60_000;

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers are kept per set of namespaces until an admin edits a text (translationsChanged
  // drops them on every instance). Browsers revalidate every time (no-cache with an ETag, a 304
  // when nothing changed), so an edited text reaches the next page a visitor opens.
  const cache = new AnswerCache(app.changes, TRANSLATION_TOPIC, MAX_AGE_MS);
  const write = compileSerializer(translationListSchema);

  app.get(
    '/rest/collection/translation',
    {
      config: { access: 'public' },
      compress: false, // sendCached picks the answer's precompressed form
      schema: {
        tags: ['catalogue'],
        summary: 'Texts of the given namespaces in both languages',
        querystring: translationQuerySchema,
        response: { 200: translationListSchema },
      },
    },
    (request, reply) => {
      const namespaces = [...new Set(request.query.namespace)].sort();
      // An unknown namespace is an empty list, never a 404.
      const build = async () => {
        const rows = await listTranslations(app.db, namespaces);
        return write(rows.map((row) => ({ key: translationKey(row), ...row })));
      };
      return sendFromCache(request, reply, cache, `translation:${namespaces.join(',')}`, build, { cacheControl: 'public, no-cache' });
    },
  );
};
