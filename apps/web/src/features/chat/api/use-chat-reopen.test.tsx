import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shop/contracts';
import { createQueryClient } from '../../../lib/query-client';
import type { RealtimeHandler } from '../../../test/realtime';
import { server } from '../../../test/server';
import { useChat } from './use-chat';

const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const conversation = (userId: number, last: string): Conversation => ({
  id: userId,
  name: `Customer ${userId}`,
  photo_url: null,
  unread: 0,
  last_message: last,
  last_message_time: '2026-01-01T00:00:00.000Z',
  user_id: userId,
});

describe('useChat', () => {
  it('reads the conversations again when a chat screen opens again: events missed meanwhile are in it', async () => {
    let inbox = [conversation(1, 'Hello')];
    server.use(
      http.get('/api/conversations', () => HttpResponse.json({ conversations: inbox, next_cursor: null })),
    );
    // The app's own client: its data stays fresh for 30 s unless a query says otherwise.
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const first = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(first.result.current.conversations.map((c) => c.user_id)).toEqual([1]));
    first.unmount();

    // While the admin was on the dashboard, customer 2 wrote.
    inbox = [conversation(2, 'A new question'), conversation(1, 'Hello')];
    const again = renderHook(() => useChat('admin', { id: 99 }), { wrapper });
    await waitFor(() => expect(again.result.current.conversations.map((c) => c.user_id)).toEqual([2, 1]));
  });
});
