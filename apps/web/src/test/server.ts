import { http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as component tests see it: Mock Service Worker answers the app's real fetch calls. A test states the
 * answers it needs with `server.use(http.get('/api/...', ...))`; a call no handler answers fails the test.
 */
export const server = setupServer();

/** A request an `answer` handler received: its address and its JSON body (undefined when it had none). */
export interface SentRequest {
  url: URL;
  body: unknown;
}

/**
 * Answers `method path` with `respond` for the rest of the test and keeps what was sent there, in order: the
 * returned list is how a test checks what a screen sent, or that it sent nothing.
 */
export function answer(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  respond: () => Response | Promise<Response>,
): SentRequest[] {
  const sent: SentRequest[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const text = await request.text();
      sent.push({ url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      return respond();
    }),
  );
  return sent;
}
