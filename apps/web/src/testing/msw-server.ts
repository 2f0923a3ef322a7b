import { setupServer } from 'msw/node';

/** One mock API per test file; handlers are added per test with server.use(...). */
export const server = setupServer();
