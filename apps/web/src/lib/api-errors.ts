import type { ErrorCode } from '@portal/contract/error';

/** A 404 is rejected with exactly this text. */
export const notFoundMessage = '404: not found';

export class NotFoundError extends Error {
  constructor() {
    super(notFoundMessage);
    this.name = 'NotFoundError';
  }
}

/** Any other error answer of the API (docs/architecture.md#errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Field name → message, for validation errors. */
  readonly fields: Readonly<Record<string, string>>;
  /** What exactly is wrong, technically (an OpenAPI document, a request to the example answers). */
  readonly problems: readonly string[];
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    problems?: string[] | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.problems = init.problems ?? [];
    this.requestId = init.requestId;
  }
}

export function isNotFoundError(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
