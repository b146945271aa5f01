import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { CHAT, type ChatMessage, type MessagesSeenEvent } from '@shop/contracts';
import { setStandInTitle } from '../../../lib/page-meta';
import { readAgain } from '../../../lib/query-client';
import { useRealtimeConnection, useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime-client';
import { areaNotificationsKey, chatKeys, fetchUnreadChatCount, type ChatArea } from './chat-api';
import { getActiveConversation } from './active-conversation';

/** The unread chat count of an area (for the layouts' badges): one cached query, read by every badge. */
export function useUnreadChatCount(area: ChatArea): number {
  const { data } = useQuery({
    queryKey: chatKeys.unread(area),
    queryFn: ({ signal }) => fetchUnreadChatCount(area, signal),
    staleTime: 60_000,
  });
  return Math.max(0, data?.unread ?? 0);
}

function playTone() {
  try {
    // Browsers may refuse to play before the first user gesture; the badge and the title still tell.
    void new Audio(CHAT.tone).play().catch(() => undefined);
  } catch {
    // no audio support
  }
}

/**
 * While mounted (an area's layout, so on every screen of the area): the area's realtime connection; a message
 * from the other side for a conversation that is not open plays the tone and has the unread count read again;
 * a conversation read by this side (another admin of the shared inbox, or the customer in another tab) has the
 * count read again, and the notifications too (reading it marks the reader's chat notifications read: in the
 * back-office every admin's of that customer), as when a customer is deleted; and while that count is above 0
 * the window's title reads '(N) My Chat App' (specs, Chat).
 */
export function useUnreadChatCountLive(area: ChatArea): void {
  useRealtimeConnection(area);
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    ({ message }: { message: ChatMessage }) => {
      const fromOtherSide = area === 'admin' ? !message.from_admin : message.from_admin;
      if (!fromOtherSide || getActiveConversation() === message.conversation_user_id) return;
      playTone();
      void readAgain(queryClient, chatKeys.unread(area));
    },
    [area, queryClient],
  );
  useRealtimeEvent('MessageSent', onMessage);
  const readCountsAgain = useCallback(() => {
    void readAgain(queryClient, chatKeys.unread(area));
    void readAgain(queryClient, areaNotificationsKey(area));
  }, [area, queryClient]);
  const onSeen = useCallback(
    ({ reader }: MessagesSeenEvent) => {
      // The other side reading our messages changes no count of ours.
      if ((reader === 'admin') === (area === 'admin')) readCountsAgain();
    },
    [area, readCountsAgain],
  );
  useRealtimeEvent('messages:seen', onSeen);
  // A deleted customer's conversation is gone with its unread messages and the notifications about them.
  const onCustomerDeleted = useCallback(() => {
    if (area === 'admin') readCountsAgain();
  }, [area, readCountsAgain]);
  useRealtimeEvent('customer:deleted', onCustomerDeleted);
  // Messages that came while the connection was down brought no event: the count is read again.
  const onReconnect = useCallback(() => {
    void readAgain(queryClient, chatKeys.unread(area));
  }, [area, queryClient]);
  useRealtimeReconnect(onReconnect);

  const unread = useUnreadChatCount(area);
  useEffect(() => {
    setStandInTitle(unread > 0 ? `(${unread}) ${CHAT.windowTitle}` : null);
  }, [unread]);
  useEffect(() => () => setStandInTitle(null), []);
}
