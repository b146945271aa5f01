import { setupServer } from 'msw/node';

/**
 * The API as component tests see it: Mock Service Worker answers the app's real fetch calls. A test states the
 * answers it needs with `server.use(http.get('/api/...', ...))`; a call no handler answers fails the test.
 */
export const server = setupServer();
