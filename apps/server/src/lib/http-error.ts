import type { ErrorCode } from '@portal/contract/error';
import type { FieldProblem } from './error-messages.js';

/**
 * An error meant for the client. It carries codes only (the error code, and per field what is
 * wrong with it); the error handler turns them into text in the request's language, so no
 * service needs to know the language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, FieldProblem>,
    readonly headers?: Record<string, string>,
    /** What exactly is wrong, technically (an OpenAPI document, a request to the example answers). */
    readonly problems?: readonly string[],
  ) {
    super(code);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'notFound');
export const unauthorized = (): HttpError => new HttpError(401, 'unauthorized');
export const forbidden = (): HttpError => new HttpError(403, 'forbidden');
export const conflict = (code: ErrorCode = 'conflict'): HttpError => new HttpError(409, code);
export const validation = (fields: Record<string, FieldProblem>): HttpError => new HttpError(400, 'validation', fields);
