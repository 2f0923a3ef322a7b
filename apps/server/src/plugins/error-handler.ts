import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@portal/contract/error';
import { databaseFault } from '../lib/database-errors.js';
import { HOST_PROBLEMS } from '@portal/contract/project';
import { BILLING_PROBLEMS } from '@portal/contract/billing/billing-profile';
import { HttpError } from '../lib/http-error.js';
import { errorMessage, fieldMessage, type FieldProblem } from '../lib/error-messages.js';
import { requestLanguage, type Language } from '../lib/language.js';
import { lingerOnClose } from '../lib/lingering-close.js';
import { noteRefusal } from '../lib/request-log.js';

interface Mapped {
  status: number;
  code: ErrorCode;
  fields?: Record<string, FieldProblem>;
  headers?: Record<string, string>;
  problems?: readonly string[];
}

/** The password rules' issues carry their rule as the message (contract, password.ts). */
const passwordProblems: ReadonlySet<string> = new Set<FieldProblem>(['tooShort', 'tooLong', 'tooCommon', 'sameAsEmail']);
/** So do the host name rules (contract, project.ts). */
const hostProblems: ReadonlySet<string> = new Set<FieldProblem>(HOST_PROBLEMS);
/** And the billing data's checks (contract, billing/billing-profile.ts). */
const billingProblems: ReadonlySet<string> = new Set<FieldProblem>(BILLING_PROBLEMS);

function problemOf(code: string, message: string, given: unknown): FieldProblem {
  if (code === 'custom' && (passwordProblems.has(message) || hostProblems.has(message) || billingProblems.has(message))) return message as FieldProblem;
  if (code === 'unrecognized_keys') return 'unknown';
  if (code === 'too_big') return 'tooLong';
  // A value of the wrong type that is not there at all is missing (read from the request itself,
  // not from the wording of zod's message).
  if (code === 'invalid_type' && given === undefined) return 'required';
  return 'invalid';
}

const requestParts = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/** What the request sent at a validation issue's path (body, query or params), if anything. */
function givenAt(request: FastifyRequest, context: string | undefined, path: readonly string[]): unknown {
  const part = requestParts[context as keyof typeof requestParts] as (typeof requestParts)[keyof typeof requestParts] | undefined;
  let value: unknown = part === undefined ? undefined : request[part];
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Field name (dotted path) → what is wrong with it. */
function fieldsFromValidation(error: FastifyError, request: FastifyRequest): Record<string, FieldProblem> {
  // No prototype: a field named __proto__ is a field like any other here.
  const fields: Record<string, FieldProblem> = Object.create(null) as Record<string, FieldProblem>;
  for (const item of error.validation ?? []) {
    const segments = item.instancePath.split('/').filter((segment) => segment !== '');
    const keys = item.keyword === 'unrecognized_keys' ? ((item.params as { keys?: string[] }).keys ?? []) : [segments.join('.')];
    const given = givenAt(request, error.validationContext, segments);
    for (const key of keys) {
      fields[key || '_'] ??= problemOf(item.keyword, item.message ?? '', given);
    }
  }
  return fields;
}

const RETRY_SOON = { 'retry-after': '1' } as const;

// Maps every thrown error to the public error shape. Only HttpError and fastify's own client
// errors (4xx) are described to the client; anything else is a fault and says only "internal".
function mapError(error: FastifyError, request: FastifyRequest): Mapped {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
      ...(error.problems ? { problems: error.problems } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return { status: 400, code: 'validation', fields: fieldsFromValidation(error, request) };
  }
  // A race lost to another request, or a database that is away: the client may try again.
  const fault = databaseFault(error);
  if (fault === 'conflict') return { status: 409, code: 'conflict', headers: RETRY_SOON };
  if (fault) return { status: 503, code: 'unavailable', headers: RETRY_SOON };
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
    return { status: 413, code: 'payloadTooLarge' };
  }
  if (status === 415) return { status: 415, code: 'unsupportedMediaType' };
  if (status === 429) return { status: 429, code: 'rateLimited' };
  if (status === 401) return { status: 401, code: 'unauthorized' };
  if (status === 404) return { status: 404, code: 'notFound' };
  if (status >= 400 && status < 500) return { status: 400, code: 'badRequest' };
  // Refused on purpose (overload, see app.ts): the client may retry; Retry-After is already set.
  if (status === 503) return { status: 503, code: 'unavailable' };
  return { status: 500, code: 'internal' };
}

/** Field name → message in the request's language. */
function localiseFields(fields: Record<string, FieldProblem>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, fieldMessage(problem, language)]));
}

function sendError(request: FastifyRequest, reply: FastifyReply, mapped: Mapped): FastifyReply {
  const language = requestLanguage(request.headers);
  const body: ErrorBody = {
    error: {
      code: mapped.code,
      message: errorMessage(mapped.code, language),
      ...(mapped.fields ? { fields: localiseFields(mapped.fields, language) } : {}),
      ...(mapped.problems ? { problems: [...mapped.problems] } : {}),
      requestId: request.id,
    },
  };
  if (mapped.headers) void reply.headers(mapped.headers);
  // Errors bypass the route's response schemas: their shape is the same on every route.
  return reply
    .code(mapped.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = mapError(error, request);
    if (mapped.status === 503) request.log.warn({ code: error.code, reason: error.message }, 'request refused: server under pressure or database away');
    else if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else noteRefusal(request, mapped.code);
    // Fastify closes the connection when it refuses a body it has not read whole (too large,
    // malformed): the answer must still reach a client that is sending (lib/lingering-close.ts).
    if (reply.getHeader('connection') === 'close') lingerOnClose(request.raw.socket);
    return sendError(request, reply, mapped);
  });
}
