import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shop/contracts';
import { createTestQueryClient, TestProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { useUnreadChatCount, useUnreadChatCountLive } from './use-unread-chat-count';

// The realtime client is replaced by a hand the test holds: it delivers the events the server would push.
const handlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(handlers),
);

describe('useUnreadChatCountLive', () => {
  it('counts a message that came while the first read of the count was under way', async () => {
    // The first read was answered from before the message: the test holds it until the message has come.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    server.use(
      http.get('/api/conversations/unread-count', async () => {
        reads += 1;
        if (reads === 1) {
          await held;
          return HttpResponse.json({ unread: 0 });
        }
        return HttpResponse.json({ unread: 1 });
      }),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(
      () => {
        useUnreadChatCountLive('customer');
        return useUnreadChatCount('customer');
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toBe(1));
    const message = { conversation_user_id: 7, from_admin: true } as ChatMessage;
    handlers.get('MessageSent')!({ message });
    release();
    await waitFor(() => expect(result.current).toBe(1));
    expect(reads).toBe(2);
  });

  for (const [when, event, payload] of [
    ['another admin reads a conversation', 'messages:seen', { conversation_user_id: 7, reader: 'admin' }],
    ['a customer is deleted, their unread messages gone with them', 'customer:deleted', { userId: 7 }],
  ] as const) {
    it(`reads the team's count and bell again when ${when}`, async () => {
      let unread = 3;
      server.use(http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread })));
      // The bell's count, as the notifications feature keeps it (['notifications', area, 'unread']).
      let bell = 1;
      const queryClient = createTestQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <TestProviders queryClient={queryClient}>{children}</TestProviders>
      );
      const { result } = renderHook(
        () => {
          useUnreadChatCountLive('admin');
          return {
            chat: useUnreadChatCount('admin'),
            bell: useQuery({
              queryKey: ['notifications', 'admin', 'unread'],
              queryFn: () => bell,
              staleTime: Infinity,
            }).data,
          };
        },
        { wrapper },
      );
      await waitFor(() => expect(result.current).toEqual({ chat: 3, bell: 1 }));
      await waitFor(() => expect(document.title).toBe('(3) My Chat App'));

      unread = 0;
      bell = 0;
      act(() => handlers.get(event)!(payload));
      await waitFor(() => expect(result.current).toEqual({ chat: 0, bell: 0 }));
      await waitFor(() => expect(document.title).not.toContain('(3)'));
    });
  }

  it("reads the customer's count again when the conversation is read in another tab", async () => {
    let unread = 2;
    server.use(http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread })));
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(
      () => {
        useUnreadChatCountLive('customer');
        return useUnreadChatCount('customer');
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current).toBe(2));

    unread = 0;
    act(() => handlers.get('messages:seen')!({ conversation_user_id: 7, reader: 'customer' }));
    await waitFor(() => expect(result.current).toBe(0));
  });
});
