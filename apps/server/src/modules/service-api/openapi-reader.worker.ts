import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.js';
import { readOpenApiDocument, type DocumentField } from './openapi-document.js';

// The thread that reads one uploaded OpenAPI document (openapi-reader.ts) and answers once:
// parsing and validating 2 MB takes seconds, which the server's event loop must not spend.

export interface ReadRequest {
  text: string;
  field: DocumentField;
}

const request = workerData as ReadRequest;
readOpenApiDocument(request.text, request.field).then(
  (document) => parentPort?.postMessage({ ok: document }),
  (error: unknown) => {
    if (error instanceof HttpError) {
      parentPort?.postMessage({
        refused: { statusCode: error.statusCode, code: error.code, fields: error.fields, problems: error.problems },
      });
    } else {
      parentPort?.postMessage({ failed: error instanceof Error ? error.message : 'failed' });
    }
  },
);
