import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@shop/contracts';
import { createTestQueryClient, TestProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { chatKeys } from './chat-api';
import { useChat } from './use-chat';

// No socket in these tests: the test holds the reconnect handler and the events' handlers, and calls them.
const events = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () => ({
  ...(await import('../../../test/realtime')).handHeldRealtime(events),
  realtime: { sendTyping: () => {}, isOnline: () => false },
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

const customerMessage = (id: number): ChatMessage => ({
  id,
  conversation_user_id: 5,
  message: `message ${id}`,
  sender_id: 5,
  receiver_id: 99,
  from_admin: false,
  created_at: '2026-01-01T00:00:00.000Z',
  seen: false,
  attachments: [],
  attachments_urls: [],
  sender: { id: 5, name: 'Customer 5', photo_url: null },
  receiver: { id: 99, name: 'Admin', photo_url: null },
});

describe('useChat, the team inbox', () => {
  it('shows a message that came while the open conversation was first being read', async () => {
    let releaseFirstRead = () => {};
    const firstRead = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    let reads = 0;
    server.use(
      http.get('/api/conversations', () =>
        HttpResponse.json({ conversations: [conversation(5)], next_cursor: null }),
      ),
      http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread: 0 })),
      http.post('/api/conversations/5/seen', () => HttpResponse.json({ unread: 0 })),
      http.get('/api/messages/5', async () => {
        reads += 1;
        const user = { id: 5, name: 'Customer 5', photo_url: null };
        // The first read was answered from before message 2 was written.
        if (reads === 1) {
          await firstRead;
          return HttpResponse.json({ messages: [customerMessage(1)], user, has_more: false });
        }
        return HttpResponse.json({
          messages: [customerMessage(1), customerMessage(2)],
          user,
          has_more: false,
        });
      }),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([5]));
    act(() => result.current.open(5));
    await waitFor(() => expect(reads).toBe(1));

    act(() => events.get('MessageSent')!({ message: customerMessage(2) }));
    releaseFirstRead();

    await waitFor(() => expect(result.current.pane?.messages.map((m) => m.id)).toEqual([1, 2]));
    expect(reads).toBe(2);
  });

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
    act(() => events.get('reconnect')!());
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([5, 1, 2]));
  });

  it("says when the conversations or a conversation's messages could not be loaded, and reads them again on Try again", async () => {
    let up = false;
    const user = { id: 5, name: 'Customer 5', photo_url: null };
    server.use(
      http.get('/api/conversations', () =>
        up
          ? HttpResponse.json({ conversations: [conversation(5)], next_cursor: null })
          : HttpResponse.error(),
      ),
      http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread: 0 })),
      http.post('/api/conversations/5/seen', () => HttpResponse.json({ unread: 0 })),
      http.get('/api/messages/5', () =>
        up
          ? HttpResponse.json({ messages: [customerMessage(1)], user, has_more: false })
          : HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    // Not "no conversations yet": the list says it could not be read, and why.
    await waitFor(() =>
      expect(result.current.conversationsFailed).toBe(
        'Failed to load conversations. Network error. Please check your connection.',
      ),
    );
    // The specs' "only logged": each failed read is logged as well as said.
    expect(warn).toHaveBeenCalledWith('chat: loading conversations failed', expect.anything());
    expect(result.current.conversations).toEqual([]);
    expect(result.current.conversationsLoading).toBe(false);

    // An open conversation whose messages fail is not an empty one: nothing can be written to it.
    act(() => result.current.open(5));
    await waitFor(() => expect(result.current.pane?.status).toBe('failed'));
    expect(result.current.pane?.failure).toBe('Failed to load messages.');
    expect(warn).toHaveBeenCalledWith('chat: loading messages failed', expect.anything());

    up = true;
    act(() => result.current.retryConversations());
    await waitFor(() => expect(result.current.conversations.map((c) => c.user_id)).toEqual([5]));
    expect(result.current.conversationsFailed).toBeNull();
    act(() => result.current.retryMessages());
    await waitFor(() => expect(result.current.pane?.status).toBe('ready'));
    expect(result.current.pane?.messages.map((m) => m.id)).toEqual([1]);
    expect(result.current.pane?.failure).toBeNull();
    warn.mockRestore();
  });

  it('a conversation a colleague read is unread no more in this inbox; the customer reading ours changes no count', async () => {
    server.use(
      http.get('/api/conversations', () =>
        HttpResponse.json({
          conversations: [
            { ...conversation(5), unread: 3 },
            { ...conversation(6), unread: 2 },
          ],
          next_cursor: null,
        }),
      ),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(result.current.conversations.map((c) => c.unread)).toEqual([3, 2]));

    // Customer 6 read the team's replies: their own messages stay unread for the team.
    act(() => events.get('messages:seen')!({ conversation_user_id: 6, reader: 'customer' }));
    // Another admin opened customer 5's conversation.
    act(() => events.get('messages:seen')!({ conversation_user_id: 5, reader: 'admin' }));
    expect(result.current.conversations.map((c) => [c.user_id, c.unread])).toEqual([
      [5, 0],
      [6, 2],
    ]);
  });

  it("reads the back-office's notifications again when a conversation is opened (its chat notifications are read)", async () => {
    const user = { id: 5, name: 'Customer 5', photo_url: null };
    server.use(
      http.get('/api/conversations', () =>
        HttpResponse.json({ conversations: [{ ...conversation(5), unread: 1 }], next_cursor: null }),
      ),
      http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread: 0 })),
      http.get('/api/messages/5', () =>
        HttpResponse.json({ messages: [customerMessage(1)], user, has_more: false }),
      ),
    );
    // The bell's count, as the notifications feature keeps it (['notifications', area, 'unread']).
    let bellReads = 0;
    let bell = 1;
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(
      () => ({
        chat: useChat('admin', { id: 99 }),
        bell: useQuery({
          queryKey: ['notifications', 'admin', 'unread'],
          queryFn: () => {
            bellReads += 1;
            return bell;
          },
          staleTime: Infinity,
        }).data,
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.bell).toBe(1));
    await waitFor(() => expect(result.current.chat.conversations).toHaveLength(1));
    expect(bellReads).toBe(1);

    bell = 0;
    act(() => result.current.chat.open(5));
    await waitFor(() => expect(result.current.bell).toBe(0));
    expect(bellReads).toBe(2);
    expect(result.current.chat.conversations[0]!.unread).toBe(0);
  });
});

describe('useChat, the customer', () => {
  it('a conversation read in another tab is unread no more in this one', async () => {
    server.use(
      http.get('/api/conversations', () =>
        HttpResponse.json({
          conversations: [{ ...conversation(5), name: 'Admin', unread: 2 }],
          next_cursor: null,
        }),
      ),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useChat('customer', { id: 5 }), { wrapper });
    await waitFor(() => expect(result.current.conversations.map((c) => c.unread)).toEqual([2]));

    // The team reading the customer's messages is not the customer reading the team's.
    act(() => events.get('messages:seen')!({ conversation_user_id: 5, reader: 'admin' }));
    expect(result.current.conversations[0]!.unread).toBe(2);
    act(() => events.get('messages:seen')!({ conversation_user_id: 5, reader: 'customer' }));
    expect(result.current.conversations[0]!.unread).toBe(0);
  });
});
