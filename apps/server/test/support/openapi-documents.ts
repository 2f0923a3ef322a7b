// OpenAPI documents for the API reference, example answers, rendered pages and soak tests.

/** A small valid document: two operations, a shared schema by $ref, an apiKey scheme. */
export function documentJson(overrides: { title?: string; extraPath?: boolean; summary?: string } = {}) {
  return {
    openapi: '3.1.0',
    info: { title: overrides.title ?? 'Adressprüfung', version: '1.0.0', description: 'Prüft **Adressen**.' },
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [{ key: [] }],
    tags: [{ name: 'Adressen' }],
    paths: {
      '/addresses/check': {
        post: {
          tags: ['Adressen'],
          operationId: 'checkAddress',
          summary: overrides.summary ?? 'Adresse prüfen',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Address' } } },
          },
          responses: {
            '200': {
              description: 'Ergebnis',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Result' },
                  example: { valid: true, score: 0.98 },
                },
              },
            },
          },
        },
      },
      ...(overrides.extraPath
        ? {
            '/countries': {
              get: {
                summary: 'Länder',
                responses: {
                  '200': {
                    description: 'Liste',
                    content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
                  },
                },
              },
            },
          }
        : {}),
    },
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: {
        Address: {
          type: 'object',
          required: ['street', 'zip'],
          properties: { street: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
        },
        Result: { type: 'object', properties: { valid: { type: 'boolean' }, score: { type: 'number' } } },
      },
    },
  };
}

export const documentYaml = `openapi: 3.0.3
info:
  title: Captcha
  version: 2.0.0
paths:
  /verify:
    post:
      summary: Token prüfen
      responses:
        '200':
          description: Ergebnis
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Verdict'
components:
  schemas:
    Verdict:
      type: object
      properties:
        human:
          type: boolean
`;

/** A document for the example answers: a body with rules, a path and a query parameter, no example for one answer. */
export function mockDocument() {
  const base = documentJson();
  return {
    ...base,
    paths: {
      ...base.paths,
      '/addresses/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        get: {
          summary: 'Eine Adresse',
          parameters: [{ name: 'fields', in: 'query', schema: { type: 'string', enum: ['short', 'full'] } }],
          responses: {
            '200': {
              description: 'Adresse',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Address' } } },
            },
            '404': { description: 'Unbekannt' },
          },
        },
        delete: { summary: 'Löschen', responses: { '204': { description: 'Gelöscht' } } },
      },
    },
  };
}
