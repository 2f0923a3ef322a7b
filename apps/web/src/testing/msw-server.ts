import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The mock API, listening for every test file (testing/setup-tests.ts); handlers are added per
 * test with server.use(...). The shell asks for the server's public settings on every screen:
 * open sign-up unless a test says otherwise (this handler stays after server.resetHandlers()).
 */
export const server = setupServer(http.get('*/rest/config', () => HttpResponse.json({ signup: 'open' })));
