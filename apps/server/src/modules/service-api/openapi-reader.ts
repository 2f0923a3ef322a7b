import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.js';
import type { DocumentField, ReadDocument } from './openapi-document.js';
import type { ReadRequest } from './openapi-reader.worker.js';

// Uploaded OpenAPI documents are read in a thread of their own (docs/security.md#api-reference-documents):
// 2 MB of YAML takes the parser about two seconds and the validator one more, time in which the
// server's event loop keeps answering everyone else. Each read gets a fresh thread with a memory
// limit and a deadline: a document that still exhausts either is refused, and the server is
// untouched. Uploads are rare (admins, 30 per ten minutes), so a thread per read is cheap enough.

/** Longest a document may take to read. */
const DEADLINE_MS = 30_000;
/** Heap of the reading thread. */
const HEAP_MB = 512;

/**
 * The thread's code: the bundled worker beside the bundle's entry in a build (build.mjs names it
 * so); otherwise (tests, tsx) the TypeScript source beside this module, through tsx's loader,
 * which a worker has to register itself.
 */
function workerCode(): { code: URL | string; eval: boolean } {
  const built = new URL('./openapi-reader.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { code: built, eval: false };
  const source = JSON.stringify(new URL('./openapi-reader.worker.ts', import.meta.url).href);
  return {
    code: `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    eval: true,
  };
}

type Answer =
  | { ok: ReadDocument }
  | { refused: { statusCode: number; code: HttpError['code']; fields?: HttpError['fields']; problems?: string[] } }
  | { failed: string };

const tooCostly = (field: DocumentField) =>
  new HttpError(400, 'validation', { [field]: 'notOpenApi' }, undefined, [
    'reading the document took too long or too much memory',
  ]);

/** readOpenApiDocument (openapi-document.ts), in a thread of its own. */
export function readOpenApiDocumentOffThread(text: string, field: DocumentField): Promise<ReadDocument> {
  const { code, eval: evaluated } = workerCode();
  const request: ReadRequest = { text, field };
  const worker = new Worker(code, {
    eval: evaluated,
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return new Promise<ReadDocument>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(tooCostly(field))), DEADLINE_MS);
    worker.once('message', (answer: Answer) =>
      settle(() => {
        if ('ok' in answer) resolve(answer.ok);
        else if ('refused' in answer) {
          const { statusCode, code, fields, problems } = answer.refused;
          reject(new HttpError(statusCode, code, fields, undefined, problems));
        } else reject(new Error(`reading an OpenAPI document failed: ${answer.failed}`));
      }),
    );
    // Out of memory (resourceLimits) ends the thread with an error.
    worker.once('error', (error) =>
      settle(() => reject((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooCostly(field) : error)),
    );
    worker.once('exit', () => settle(() => reject(tooCostly(field))));
  });
}
