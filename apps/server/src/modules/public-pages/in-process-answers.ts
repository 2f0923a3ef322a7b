import type { FastifyInstance } from 'fastify';
import { idSchema } from '@portal/contract/common';
import { legalListSchema } from '@portal/contract/legal';
import type { InProcessAnswer } from '@portal/contract/page-render';
import { pricePackageListSchema } from '@portal/contract/price-package';
import { serviceListSchema, serviceSchema } from '@portal/contract/service';
import { translationQuerySchema, translationKey } from '@portal/contract/translation';
import { compileSerializer } from '../../plugins/response-serializer.js';
import {
  legalPages,
  pricePackages,
  serviceSummaries,
  serviceWithGallery,
} from '../catalogue/catalogue.service.js';
import { publishedReferenceJson } from '../service-api/service-api.service.js';
import { listTranslations } from '../translation/translation.repository.js';

/**
 * The REST calls the public pages make, answered by the server's own services in process for
 * the server-side rendering (docs/performance.md#public-pages-rendered-on-the-server): the same
 * data the routes send, written through the same contract schemas, without HTTP. Only these
 * GETs; anything else is a programming error.
 */
export function inProcessAnswers(app: FastifyInstance): InProcessAnswer {
  // Through the routes' serializers and back: exactly the properties the contract names.
  const shaped = (schema: Parameters<typeof compileSerializer>[0]) => {
    const write = compileSerializer(schema);
    return (value: unknown): unknown => JSON.parse(write(value));
  };
  const serviceList = shaped(serviceListSchema);
  const service = shaped(serviceSchema);
  const priceList = shaped(pricePackageListSchema);
  const legalList = shaped(legalListSchema);

  return async (path, { query, language }) => {
    if (path === '/rest/collection/service') {
      return serviceList(await serviceSummaries(app.db, query?.orderby === 'name' ? language : undefined));
    }
    const api = /^\/rest\/collection\/service\/([^/]+)\/api$/.exec(path);
    if (api) {
      const id = idSchema.safeParse(decodeURIComponent(api[1] ?? ''));
      const json = id.success ? await publishedReferenceJson(app.db, id.data, language) : undefined;
      return json === undefined ? undefined : (JSON.parse(json) as unknown);
    }
    const one = /^\/rest\/collection\/service\/([^/]+)$/.exec(path);
    if (one) {
      const id = idSchema.safeParse(decodeURIComponent(one[1] ?? ''));
      const found = id.success ? await serviceWithGallery(app.db, id.data) : undefined;
      return found && service(found);
    }
    if (path === '/rest/collection/price_package') return priceList(await pricePackages(app.db));
    if (path === '/rest/collection/rechtliches') return legalList(await legalPages(app.db));
    if (path === '/rest/collection/translation') {
      const { namespace } = translationQuerySchema.parse(query);
      const rows = await listTranslations(app.db, namespace);
      return rows.map((row) => ({ key: translationKey(row), ...row }));
    }
    if (path === '/rest/config') return { signup: app.config.signup };
    throw new Error(`GET ${path} is not answered in process`);
  };
}
