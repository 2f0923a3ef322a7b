import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminGalleryPatchSchema,
  adminServiceCreateSchema,
  adminServiceListQuerySchema,
  adminServiceListSchema,
  adminServicePatchSchema,
  adminServiceSchema,
  SERVICE_IMAGE_MAX_BYTES,
  serviceImageSlotSchema,
  ADMIN_SERVICE_LIMITS,
  type ServiceImageSlot,
} from '@portal/contract/admin-service';
import { idSchema } from '@portal/contract/common';
import { isSingleLineText } from '@portal/contract/text';
import { HttpError, validation } from '../../lib/http-error.js';
import { currentUser } from '../auth/authenticate.js';
import { acceptUploads } from '../../plugins/uploads.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  createAdminService,
  deleteGalleryImage,
  getAdminService,
  listAdminServices,
  patchAdminService,
  patchGalleryImage,
  retireAdminService,
  type AdminContext,
  uploadServiceImage,
} from './admin-service.service.js';

const params = z.object({ id: idSchema });
const imageParams = z.object({ id: idSchema, imageId: idSchema });
/** A full service (two long HTML descriptions, templates, a settings form) is larger than other bodies. */
const SERVICE_BODY_LIMIT = 1024 * 1024;

function actorOf(request: FastifyRequest): AdminContext {
  currentUser(request); // 401 if the access policy let an anonymous caller through
  return auditActorOf(request);
}

interface Upload {
  slot: ServiceImageSlot;
  bytes: Buffer;
  name: { de: string; en: string };
}

/**
 * Reads the multipart upload: the image in the part `file`, and optional fields `slot`
 * (gallery, logo, thumbnail), `nameDe`, `nameEn` before it. A broken body answers 400, one over
 * the size limit 413; nothing is stored until the whole image is read and encoded.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupportedMediaType');
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SERVICE_IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw validation({ file: 'unknown' });
        bytes = await part.toBuffer(); // throws 413 past the size limit
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw new HttpError(400, 'badRequest');
  }
  if (!bytes) throw validation({ file: 'required' });
  const slot = serviceImageSlotSchema.safeParse(fields.slot ?? 'gallery');
  if (!slot.success) throw validation({ slot: 'invalid' });
  const name = (key: string) => {
    const value = (fields[key] ?? '').trim();
    if (value.length > ADMIN_SERVICE_LIMITS.galleryName) throw validation({ [key]: 'tooLong' });
    if (!isSingleLineText(value)) throw validation({ [key]: 'invalid' });
    return value;
  };
  return { slot: slot.data, bytes, name: { de: name('nameDe'), en: name('nameEn') } };
}

// The admin console's services (docs/admin.md#services): admins only, every write audited and
// seen by visitors at once.
export const adminServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app); // service images: multipart bodies are read in this module only
  app.get(
    '/rest/collection/admin/service',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Services, paged; q searches the names and the id; retired ones last',
        querystring: adminServiceListQuerySchema,
        response: { 200: adminServiceListSchema },
      },
    },
    async (request) => listAdminServices(app.db, request.query),
  );

  app.post(
    '/rest/collection/admin/service',
    {
      config: { access: 'admin' },
      bodyLimit: SERVICE_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Create a service (JSON, the shape GET answers; the gallery is uploaded afterwards)',
        body: adminServiceCreateSchema,
        response: { 201: adminServiceSchema },
      },
    },
    async (request, reply) => {
      const service = await createAdminService(app.db, app.changes, actorOf(request), request.body);
      return reply.status(201).send(service);
    },
  );

  app.get(
    '/rest/collection/admin/service/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One service, in exactly the shape POST and PATCH accept (retired ones too)',
        params,
        response: { 200: adminServiceSchema },
      },
    },
    async (request) => getAdminService(app.db, request.params.id),
  );

  app.patch(
    '/rest/collection/admin/service/:id',
    {
      config: { access: 'admin' },
      bodyLimit: SERVICE_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Change fields of a service (JSON); the gallery list reorders and renames its pictures',
        params,
        body: adminServicePatchSchema,
        response: { 200: adminServiceSchema },
      },
    },
    async (request) =>
      patchAdminService(app.db, app.changes, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/collection/admin/service/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Retire a service: hidden from the catalogue, its licences keep working and being billed',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await retireAdminService(app.db, app.changes, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rest/collection/admin/service/:id/gallery',
    {
      config: { access: 'admin', rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['admin'],
        summary:
          'Upload an image (multipart: file; slot gallery|logo|thumbnail; nameDe, nameEn): PNG, JPEG or WebP up to 8 MB, 40 megapixels and 10:1, re-encoded, never enlarged',
        consumes: ['multipart/form-data'],
        params,
        response: { 201: adminServiceSchema },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const service = await uploadServiceImage(app.db, app.changes, actorOf(request), request.params.id, upload);
      return reply.status(201).send(service);
    },
  );

  app.patch(
    '/rest/collection/admin/service/:id/gallery/:imageId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Rename a gallery picture or move it (position 0 is first)',
        params: imageParams,
        body: adminGalleryPatchSchema,
        response: { 200: adminServiceSchema },
      },
    },
    async (request) =>
      patchGalleryImage(
        app.db,
        app.changes,
        actorOf(request),
        request.params.id,
        request.params.imageId,
        request.body,
      ),
  );

  app.delete(
    '/rest/collection/admin/service/:id/gallery/:imageId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a gallery picture',
        params: imageParams,
        response: { 200: adminServiceSchema },
      },
    },
    async (request) =>
      deleteGalleryImage(app.db, app.changes, actorOf(request), request.params.id, request.params.imageId),
  );
};
