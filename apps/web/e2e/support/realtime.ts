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

/**
 * The payloads of the realtime frames the page receives from now on (call it before the navigation that opens the
 * socket), for a journey to wait until an event has reached the page.
 */
export function receivedFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}
