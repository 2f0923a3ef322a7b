// The API reference page of a document with 100 operations (docs/performance.md#the-api-reference):
// stored and published as an admin would, then its rendered HTML fetched and gzipped (-9).
// The budget is 300 KB gzip. The document is made here: 25 resources with list, create, read
// and delete, each with parameters, a body or an answer schema, and examples.
import { gzipSync } from 'node:zlib';

const SERVICE = 'firmendatenApi';

function document100() {
  const paths = {};
  const schemas = {};
  for (let i = 1; i <= 25; i++) {
    const name = `Resource${i}`;
    schemas[name] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', description: `Kennung der Ressource ${i}` },
        name: { type: 'string', maxLength: 100 },
        status: { type: 'string', enum: ['active', 'paused', 'archived'] },
        createdAt: { type: 'string', format: 'date-time' },
        address: { type: 'object', properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } } },
      },
    };
    const example = { id: `r${i}-1`, name: `Ressource ${i}`, status: 'active', createdAt: '2026-11-21T10:00:00Z' };
    const tag = `resources-${Math.ceil(i / 5)}`;
    paths[`/resources${i}`] = {
      get: {
        tags: [tag],
        summary: `Ressourcen ${i} auflisten`,
        description: `Listet die Ressourcen **${i}** seitenweise.`,
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 }, example: 1 },
          { name: 'q', in: 'query', schema: { type: 'string' }, example: 'Berlin' },
        ],
        responses: { 200: { description: 'Liste', content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${name}` } }, example: [example] } } } },
      },
      post: {
        tags: [tag],
        summary: `Ressource ${i} anlegen`,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example } } },
        responses: { 201: { description: 'Angelegt', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example } } } },
      },
    };
    paths[`/resources${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: `r${i}-1` }],
      get: {
        tags: [tag],
        summary: `Ressource ${i} lesen`,
        responses: { 200: { description: 'Ressource', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example } } }, 404: { description: 'Unbekannt' } },
      },
      delete: { tags: [tag], summary: `Ressource ${i} löschen`, responses: { 204: { description: 'Gelöscht' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bench API', version: '1.0.0', description: 'Hundert Operationen für die Messung.' },
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [{ key: [] }],
    paths,
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }, schemas },
  };
}

/** Stores and publishes the 100-operation document for one demo service; answers the page's sizes. */
export async function referencePageSize(base, adminToken) {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const apiBase = `${base}/rest/collection/admin/service/${SERVICE}/api`;
  const stored = await fetch(apiBase, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      document: JSON.stringify(document100()),
      version: `bench-${Date.now()}`,
      notes: { de: 'Messung', en: 'Bench' },
    }),
  });
  if (stored.status !== 201) throw new Error(`storing the bench document answered ${stored.status}`);
  const { id } = await stored.json();
  const published = await fetch(`${apiBase}/${id}/publish`, { method: 'POST', headers: { authorization: headers.authorization } });
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}`);
  const page = await fetch(`${base}/services/firmendaten-api-${SERVICE}/api`);
  const html = Buffer.from(await page.arrayBuffer());
  const sizes = {
    status: page.status,
    htmlKb: Math.round((html.length / 1024) * 10) / 10,
    htmlGzipKb: Math.round((gzipSync(html, { level: 9 }).length / 1024) * 10) / 10,
  };
  console.log(`API reference page, 100 operations: ${sizes.htmlKb} KB, ${sizes.htmlGzipKb} KB gzip -9 (budget 300 KB)`);
  return sizes;
}
