import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@shop/contracts';
import type { RealtimeHandler } from '../../../test/realtime';
import { createTestQueryClient } from '../../../test/render';
import { useDesignsLive } from './designs-live';

const realtimeHandlers = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () =>
  (await import('../../../test/realtime')).handHeldRealtime(realtimeHandlers),
);

const note = (type: AppNotification['data']['type']): AppNotification => ({
  id: 1,
  read_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { type, message: 'm', design_id: 3, slug: 'D-3', sender_id: null },
});

describe('useDesignsLive', () => {
  it('reads the designs again when one is reviewed or submitted, not on other notifications', () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    client.setQueryData(['designs', 'mine', 'one', 'D-3'], { status: 'pending' });
    renderHook(() => useDesignsLive(), { wrapper });
    const stale = () => client.getQueryState(['designs', 'mine', 'one', 'D-3'])?.isInvalidated;

    realtimeHandlers.get('notification')!({ notification: note('chat_message'), unread_count: 1 });
    expect(stale()).toBe(false);
    realtimeHandlers.get('notification')!({ notification: note('design_update'), unread_count: 2 });
    expect(stale()).toBe(true);
  });
});
