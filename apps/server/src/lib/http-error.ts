import type { ErrorCode } from '@portal/contract/error';

/** An error meant for the client: its code picks the message in the request's language. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'notFound');
export const unauthorized = (): HttpError => new HttpError(401, 'unauthorized');
export const forbidden = (): HttpError => new HttpError(403, 'forbidden');
export const conflict = (code: ErrorCode = 'conflict'): HttpError => new HttpError(409, code);
export const validation = (fields: Record<string, string>): HttpError => new HttpError(400, 'validation', fields);
