import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { ApiError, NotFoundError } from './api-errors';
import { configureRestClient, restClient, restFile } from './rest-client';
import { storageKeys } from './storage';

function signIn() {
  window.localStorage.setItem(storageKeys.token, 'tok-123');
  window.localStorage.setItem(storageKeys.oid, 'user1');
  window.localStorage.setItem(storageKeys.language, 'en');
}

/** Signed in, with a spy on what the app does when the server ends the session. */
function signInWatchingLogout() {
  signIn();
  const onUnauthorized = vi.fn();
  configureRestClient({ onUnauthorized });
  return onUnauthorized;
}

/** The server answers GET `path` with its error shape. */
function answerGet(path: string, status: number, error: { code: string; message: string }) {
  server.use(http.get(`*${path}`, () => HttpResponse.json({ error }, { status })));
}

/** The server answers GET `path` with an empty list; the result holds what the last request sent. */
function watchRequests(path: string) {
  const seen: { headers?: Headers; url?: URL } = {};
  server.use(
    http.get(`*${path}`, ({ request }) => {
      seen.headers = request.headers;
      seen.url = new URL(request.url);
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

describe('restClient headers', () => {
  it('sends Content-Language and the bearer token when one is stored', async () => {
    signIn();
    configureRestClient({ language: () => 'en' });
    const seen = watchRequests('/rest/collection/service');
    await restClient.get('/rest/collection/service');
    expect(seen.headers?.get('content-language')).toBe('en');
    expect(seen.headers?.get('authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a token, and a per-call language wins', async () => {
    configureRestClient({ language: () => 'en' });
    const seen = watchRequests('/rest/collection/service');
    await restClient.get('/rest/collection/service', { language: 'de' });
    expect(seen.headers?.has('authorization')).toBe(false);
    expect(seen.headers?.get('content-language')).toBe('de');
  });

  it('encodes query arrays with brackets', async () => {
    const seen = watchRequests('/rest/collection/translation');
    await restClient.get('/rest/collection/translation', { query: { namespace: ['Navigation', 'Footer'] } });
    expect(seen.url?.searchParams.getAll('namespace[]')).toEqual(['Navigation', 'Footer']);
  });
});

describe('restClient bodies and answers', () => {
  it('form-encodes bodies with bracket arrays and returns JSON for 201', async () => {
    let contentType: string | null = null;
    let body = '';
    server.use(
      http.post('*/rest/collection/project', async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.text();
        return HttpResponse.json({ id: 'p1', name: 'Shop' }, { status: 201 });
      }),
    );
    const result = await restClient.post<{ id: string }>('/rest/collection/project', {
      body: { name: 'Shop', domainsProduction: ['a.de', 'b.de'] },
    });
    expect(result).toEqual({ id: 'p1', name: 'Shop' });
    expect(contentType).toContain('application/x-www-form-urlencoded');
    expect(body).toBe('name=Shop&domainsProduction[]=a.de&domainsProduction[]=b.de');
  });

  it('sends FormData as multipart', async () => {
    let contentType: string | null = null;
    server.use(
      http.post('*/rest/collection/person/u1/avatar', ({ request }) => {
        contentType = request.headers.get('content-type');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await restClient.post('/rest/collection/person/u1/avatar', { body: form });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('sends a json body as JSON, numbers and nulls as they are', async () => {
    let seen: { type: string | null; body: unknown } = { type: null, body: undefined };
    server.use(
      http.patch('*/rest/collection/admin/price_package/p1', async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ id: 'p1' });
      }),
    );
    await restClient.patch('/rest/collection/admin/price_package/p1', {
      json: { grossMonthlyCents: 1290, img: null, name: { de: 'Ä', en: 'A' } },
    });
    expect(seen.type).toBe('application/json');
    expect(seen.body).toEqual({ grossMonthlyCents: 1290, img: null, name: { de: 'Ä', en: 'A' } });
  });

  it('gives undefined for 204', async () => {
    server.use(http.delete('*/rest/collection/project/p1', () => new HttpResponse(null, { status: 204 })));
    await expect(restClient.delete('/rest/collection/project/p1')).resolves.toBeUndefined();
  });
});

describe('restClient errors', () => {
  it('rejects a 404 with "404: not found"', async () => {
    answerGet('/rest/collection/service/nope', 404, { code: 'notFound', message: 'Nicht gefunden' });
    const error = await restClient.get('/rest/collection/service/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('404: not found');
  });

  it('on 401 clears token, user id and language, goes to / and passes the error on', async () => {
    const onUnauthorized = signInWatchingLogout();
    answerGet('/rest/collection/person/user1', 401, {
      code: 'unauthorized',
      message: 'Bitte melde dich an.',
    });
    const error = await restClient.get('/rest/collection/person/user1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('unauthorized');
    expect((error as ApiError).message).toBe('Bitte melde dich an.');
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.oid)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.language)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('keeps the session on a 401 the caller expects (failed login)', async () => {
    const onUnauthorized = signInWatchingLogout();
    server.use(
      http.post('*/rest/auth', () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'Falsch' } }, { status: 401 }),
      ),
    );
    await expect(restClient.post('/rest/auth', { logoutOnUnauthorized: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok-123');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('carries code, message and fields of other errors', async () => {
    server.use(
      http.patch('*/rest/collection/person/u1/password', () =>
        HttpResponse.json(
          { error: { code: 'validation', message: 'Ungültig', fields: { password: 'zu kurz' } } },
          { status: 400 },
        ),
      ),
    );
    const error = (await restClient
      .patch('/rest/collection/person/u1/password', { body: { password: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Ungültig');
    expect(error.fields).toEqual({ password: 'zu kurz' });
  });

  it('copes with an error answer that is not JSON', async () => {
    server.use(
      http.get(
        '*/rest/health',
        () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = (await restClient.get('/rest/health').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('internal');
    expect(error.status).toBe(502);
  });
});

describe('restFile (avatar picture, CSV report)', () => {
  it("sends the token and language, and gives the bytes and the server's file name", async () => {
    signIn();
    let seen: Headers | undefined;
    server.use(
      http.get('*/rest/collection/admin/projects', ({ request }) => {
        seen = request.headers;
        return new HttpResponse('project;total\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' },
        });
      }),
    );
    const file = await restFile('/rest/collection/admin/projects', 'text/csv', { query: { format: 'csv' } });
    expect(await file.blob.text()).toBe('project;total\n');
    expect(file.fileName).toBe('report.csv');
    expect(seen?.get('authorization')).toBe('Bearer tok-123');
    expect(seen?.get('accept')).toBe('text/csv');
    expect(seen?.get('content-language')).toBe('en');
  });

  it('logs out on 401 like every other call', async () => {
    const onUnauthorized = signInWatchingLogout();
    answerGet('/rest/collection/person/user1/avatar', 401, {
      code: 'unauthorized',
      message: 'Bitte melde dich an.',
    });
    const error = await restFile('/rest/collection/person/user1/avatar', 'image/*').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('unauthorized');
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("rejects a non-admin's CSV request with the server's forbidden error", async () => {
    signIn();
    answerGet('/rest/collection/admin/projects', 403, { code: 'forbidden', message: 'Keine Berechtigung.' });
    const error = await restFile('/rest/collection/admin/projects', 'text/csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok-123');
  });
});
