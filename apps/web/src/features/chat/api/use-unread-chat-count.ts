import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { setUnreadCount } from '../../../lib/unread-counts';
import { useRealtimeConnection, useRealtimeEvent } from '../../../lib/realtime-client';
import type { ChatMessage } from '@shop/contracts';
import { chatKeys, fetchUnreadChatCount, type ChatArea } from './chat-api';
import { getActiveConversation } from './active-conversation';

/**
 * The unread chat count of an area, for the layouts' badges (the one file of this feature the layouts import).
 * It holds the area's realtime connection, re-reads the count when a message from the other side arrives
 * outside the open conversation, and publishes the number through lib/unread-counts.
 */
export function useUnreadChatCount(area: ChatArea): number {
  useRealtimeConnection(area);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: chatKeys.unread(area),
    queryFn: ({ signal }) => fetchUnreadChatCount(area, signal),
    staleTime: 60_000,
  });
  const unread = data?.unread ?? 0;

  const onMessage = useCallback(
    ({ message }: { message: ChatMessage }) => {
      const fromOtherSide = area === 'admin' ? !message.from_admin : message.from_admin;
      if (!fromOtherSide || getActiveConversation() === message.conversation_user_id) return;
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread(area) });
    },
    [area, queryClient],
  );
  useRealtimeEvent('MessageSent', onMessage);

  useEffect(() => {
    setUnreadCount('chat', unread);
  }, [unread]);
  useEffect(() => () => setUnreadCount('chat', 0), []);
  return unread;
}
