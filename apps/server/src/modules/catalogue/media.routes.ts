import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema } from '@portal/contract/common';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.js';
import { findMedia } from './media.repository.js';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/media/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], summary: 'Catalogue image', params: z.object({ id: idSchema }) },
    },
    async (request, reply) => {
      const media = await findMedia(app.db, request.params.id);
      if (!media) throw notFound();
      // Media ids are derived from the content, so a URL always names the same bytes.
      return reply
        .type(media.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(media.bytes);
    },
  );
};
