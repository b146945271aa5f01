import type { Page } from '@playwright/test';

/**
 * Settles when the page's realtime socket is connected: the server has joined it to its channels before it
 * answers the handshake (Socket.IO's CONNECT packet, `40`), so an event sent after this reaches the page.
 * Call it before the navigation that opens the socket.
 */
export function realtimeConnected(page: Page, timeout = 15_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the realtime socket never connected')), timeout);
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
