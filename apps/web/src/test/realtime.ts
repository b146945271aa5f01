/** A handler a component registered with the realtime client: an event's, or (under 'reconnect') the reconnect one. */
export type RealtimeHandler = (payload?: unknown) => void;

/**
 * A stand-in for lib/realtime-client in component tests, with no socket: the handlers the components register land
 * in `handlers`, by event name and the reconnect handler under 'reconnect', and the test calls them to deliver
 * what the server would push. Used from a test file's `vi.mock` factory, with a `vi.hoisted` map:
 *
 *   const handlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
 *   vi.mock('../../../lib/realtime-client', async () =>
 *     (await import('../../../test/realtime')).handHeldRealtime(handlers));
 */
export function handHeldRealtime(handlers: Map<string, RealtimeHandler>) {
  return {
    useRealtimeConnection: () => undefined,
    useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, handler);
    },
    useRealtimeReconnect: (handler: () => void) => {
      handlers.set('reconnect', handler);
    },
  };
}
