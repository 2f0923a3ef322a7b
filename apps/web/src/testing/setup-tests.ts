import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// Node 25 and later define localStorage and sessionStorage on the global object (reading
// undefined, with a warning, unless Node was started with --localstorage-file), and Vitest's
// jsdom environment leaves globals that exist alone: the tests would see no storage. jsdom's
// own, as a browser has (on older Node the same objects Vitest installed).
const { jsdom } = globalThis as unknown as { jsdom: { window: Window } };
for (const name of ['localStorage', 'sessionStorage'] as const) {
  Object.defineProperty(globalThis, name, { value: jsdom.window[name], configurable: true, writable: true });
}

// findBy/waitFor give up after 1 s by default; on a busy 2-core machine a jsdom render can take
// longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// One mock API for every test file: a request no handler answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
