import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@portal/contract/service-api';
import { codeSample, exampleRequest } from './code-samples';
import { tagsOf } from './openapi-view';

// The code samples of an operation: the example request with the key where the document's
// security scheme says, in four languages that each send exactly that request.

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Geo', version: '1' },
  security: [{ key: [] }],
  paths: {
    '/places/{id}': {
      get: {
        tags: ['places'],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 42 },
          { name: 'fields', in: 'query', schema: { type: 'string' }, example: "it's" },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/check': {
      post: {
        security: [{ bearer: [] }],
        requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: { ok: true, note: null } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'query', name: 'key' },
      bearer: { type: 'http', scheme: 'bearer' },
    },
  },
};

const [places, other] = tagsOf(document, 'Other');

describe('code samples', () => {
  it('fill path and query from the examples and put the key where the scheme says', () => {
    const operation = places?.operations[0];
    if (!operation) throw new Error('no operation');
    const request = exampleRequest(operation, 'https://api.example.com/v1', 'lk_abc');
    expect(request.url).toBe("https://api.example.com/v1/places/42?fields=it%27s&key=lk_abc");
    expect(codeSample('curl', request)).toBe("curl -X GET 'https://api.example.com/v1/places/42?fields=it%27s&key=lk_abc'");
  });

  it('send the JSON body and a bearer key in every language', () => {
    const operation = other?.operations[0];
    if (!operation) throw new Error('no operation');
    const request = exampleRequest(operation, 'https://api.example.com', 'lk_x');
    expect(request.headers).toEqual([
      ['Authorization', 'Bearer lk_x'],
      ['Content-Type', 'application/json'],
    ]);
    expect(codeSample('curl', request)).toContain(`--data '{\n  "ok": true,\n  "note": null\n}'`);
    expect(codeSample('javascript', request)).toContain('"Authorization": "Bearer lk_x"');
    expect(codeSample('php', request)).toContain("CURLOPT_CUSTOMREQUEST => 'POST'");
    // Python reads the JSON text, so true and null need no translation.
    expect(codeSample('python', request)).toContain('payload = json.loads("{\\n  \\"ok\\": true,\\n  \\"note\\": null\\n}")');
  });
});
