import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shop/contracts';
import { createTestQueryClient, TestProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { chatKeys } from './chat-api';
import { useChat } from './use-chat';

// No socket in these tests: the events are not what is under test. The test holds the reconnect handler.
const reconnect = vi.hoisted(() => ({ handler: null as (() => void) | null }));
vi.mock('../../../lib/realtime-client', () => ({
  realtime: { sendTyping: () => {}, isOnline: () => false },
  useRealtimeEvent: () => {},
  useRealtimeConnection: () => undefined,
  useRealtimeReconnect: (handler: () => void) => {
    reconnect.handler = handler;
  },
}));

const conversation = (userId: number): Conversation => ({
  id: userId,
  name: `Customer ${userId}`,
  photo_url: null,
  unread: 0,
  last_message: 'Hello',
  last_message_time: '2026-01-01T00:00:00.000Z',
  user_id: userId,
});

describe('useChat, the team inbox', () => {
  it('loads the next page when "Load more" is pressed while the loaded pages are being read again', async () => {
    // The first page, whose second reading the test holds back; the second page after cursor "p2".
    let holdFirstPage: Promise<void> | null = null;
    let releaseFirstPage = () => {};
    const asked: string[] = [];
    server.use(
      http.get('/api/conversations', async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor ?? 'first');
        if (cursor === 'p2')
          return HttpResponse.json({ conversations: [conversation(3)], next_cursor: null });
        if (holdFirstPage) await holdFirstPage;
        return HttpResponse.json({ conversations: [conversation(1), conversation(2)], next_cursor: 'p2' });
      }),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([1, 2]));
    expect(result.current.hasMoreConversations).toBe(true);

    // A new conversation arrived: the loaded pages are read again, and the press comes while that read is out.
    holdFirstPage = new Promise((resolve) => (releaseFirstPage = resolve));
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations('admin') });
    await waitFor(() => expect(asked).toEqual(['first', 'first']));
    act(() => result.current.loadMoreConversations());
    releaseFirstPage();

    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([1, 2, 3]));
    expect(asked).toEqual(['first', 'first', 'p2']);
    expect(result.current.hasMoreConversations).toBe(false);
  });

  it('reads the conversations again when the realtime connection comes back after a drop', async () => {
    // A customer wrote for the first time while the connection was down: no event told the inbox.
    let listed = [conversation(1), conversation(2)];
    server.use(
      http.get('/api/conversations', () => HttpResponse.json({ conversations: listed, next_cursor: null })),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([1, 2]));

    listed = [conversation(5), ...listed];
    act(() => reconnect.handler!());
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([5, 1, 2]));
  });
});
