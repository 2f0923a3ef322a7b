import type { ErrorBody, ErrorCode } from '@portal/contract/error';
import type { Language } from '@portal/contract/common';
import type { InProcessAnswer } from '@portal/contract/page-render';
import { ApiError, NotFoundError } from './api-errors';
import { encodeForm, type FormFields } from './form-encoding';
import { clearLocalSession, readToken } from './session';

// The one way the web app talks to /rest/ (docs/architecture.md#data-flow-of-a-screen):
// Content-Language and bearer token on every call, form-encoded or multipart bodies, JSON
// answers; a 404 is a NotFoundError, a 401 signs out locally, other failures are ApiErrors.

export interface RestClientHooks {
  /** The language of the interface; sent as Content-Language. */
  language: () => Language;
  /** Called after a 401 has cleared the local session (the app then goes to '/'). */
  onUnauthorized: () => void;
  /**
   * Server-side rendering only: GET calls are answered by the server's own services in
   * process, never over HTTP (docs/performance.md#public-pages-rendered-on-the-server).
   */
  answerInProcess?: InProcessAnswer | undefined;
}

// Wired by main.tsx (router and i18n do not exist when this module loads); the defaults keep
// the client usable in tests and before start-up.
let hooks: RestClientHooks = {
  language: () => 'de',
  onUnauthorized: () => window.location.assign('/'),
};

export function configureRestClient(next: Partial<RestClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface RestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters, encoded like form bodies (`namespace[]=A&namespace[]=B`). */
  query?: FormFields;
  /** Fields are form-encoded; FormData (files) goes out as multipart. */
  body?: FormFields | FormData;
  /** A JSON body instead (admin objects with numbers, nulls and deep lists); not with `body`. */
  json?: unknown;
  /** Overrides the interface language, e.g. when the query key carries the language. */
  language?: Language;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false for calls where a 401 is an expected answer, not an expired session (the login
   * call): the error is returned without logging out.
   */
  logoutOnUnauthorized?: boolean;
  /**
   * Error statuses whose JSON body is the answer rather than an error, e.g. the contact form's
   * 400 `{ success: 0, msg }` that the modal shows.
   */
  answerStatuses?: readonly number[];
}

function buildUrl(path: string, query: FormFields | undefined): string {
  const search = query ? encodeForm(query) : '';
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> | undefined;
  try {
    body = (await readJson(response)) as Partial<ErrorBody> | undefined;
  } catch {
    body = undefined; // not JSON (e.g. a proxy's HTML error page)
  }
  const error = body?.error;
  return new ApiError({
    status: response.status,
    code: error?.code ?? fallbackCode(response.status),
    message: error?.message ?? (response.statusText || `HTTP ${response.status}`),
    fields: error?.fields,
    problems: error?.problems,
    requestId: error?.requestId ?? response.headers.get('x-request-id') ?? undefined,
  });
}

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rateLimited';
  return status >= 500 ? 'internal' : 'badRequest';
}

/** Sends one call with the headers and body rules above; answers the Response or throws. */
async function send(path: string, options: RestRequest, accept: string): Promise<Response> {
  const {
    method = 'GET',
    query,
    body,
    json,
    language,
    signal,
    logoutOnUnauthorized = true,
    answerStatuses = [],
  } = options;
  const headers = new Headers(options.headers);
  headers.set('Accept', accept);
  headers.set('Content-Language', language ?? hooks.language());
  const token = readToken();
  // The login call brings its own (Basic) credentials; a leftover token must not replace them.
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // fetch sets the multipart boundary itself
  } else if (body !== undefined) {
    payload = encodeForm(body);
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  } else if (json !== undefined) {
    payload = JSON.stringify(json);
    headers.set('Content-Type', 'application/json');
  }

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: payload ?? null,
    signal: signal ?? null,
    credentials: 'same-origin',
  });

  if (response.ok || answerStatuses.includes(response.status)) return response;
  if (response.status === 404) throw new NotFoundError();
  const error = await toApiError(response);
  if (response.status === 401 && logoutOnUnauthorized) {
    clearLocalSession();
    hooks.onUnauthorized();
  }
  throw error;
}

export async function restRequest<T>(path: string, options: RestRequest = {}): Promise<T> {
  if (hooks.answerInProcess) {
    if (options.method !== 'GET') throw new Error(`${path}: only GET calls are answered in process`);
    const answer = await hooks.answerInProcess(path, {
      query: options.query,
      language: options.language ?? hooks.language(),
    });
    if (answer === undefined) throw new NotFoundError();
    return answer as T;
  }
  const response = await send(path, options, 'application/json');
  if (response.status === 204 || response.status === 205) return undefined as T;
  return (await readJson(response)) as T;
}

export interface RestFile {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  fileName: string | undefined;
}

/**
 * A binary GET (avatar picture, CSV report) with the same token, language and error rules as
 * every other call: an <img> or a plain link could not send the bearer token.
 */
export async function restFile(
  path: string,
  accept: string,
  options: BodylessOptions = {},
): Promise<RestFile> {
  const response = await send(path, { ...options, method: 'GET' }, accept);
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}

type BodylessOptions = Omit<RestRequest, 'method' | 'body'>;
type BodyOptions = Omit<RestRequest, 'method'>;

export const restClient = {
  get: <T>(path: string, options?: BodylessOptions) => restRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options?: BodyOptions) => restRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options?: BodyOptions) => restRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options?: BodyOptions) => restRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T = void>(path: string, options?: BodylessOptions) =>
    restRequest<T>(path, { ...options, method: 'DELETE' }),
};
