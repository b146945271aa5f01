import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CHAT,
  CUSTOMER_MESSAGES,
  type ChatMessage,
  type ChatUser,
  type Conversation,
  type MessagesSeenEvent,
  type TypingEvent,
} from '@shop/contracts';
import { realtime, useRealtimeEvent } from '../../../lib/realtime-client';
import { setActiveConversation } from './active-conversation';
import {
  chatKeys,
  fetchConversations,
  fetchMessages,
  markConversationSeen,
  sendChatMessage,
  type ChatArea,
} from './chat-api';

export interface PaneState {
  userId: number;
  user: ChatUser | null;
  messages: ChatMessage[];
  hasMore: boolean;
  status: 'loading' | 'ready';
  loadingOlder: boolean;
}

const logFailure = (what: string) => (error: unknown) => console.warn(`chat: ${what} failed`, error);

function playTone() {
  try {
    // Browsers may refuse to play before the first user gesture; the bell still shows.
    void new Audio(CHAT.tone).play().catch(() => undefined);
  } catch {
    // no audio support
  }
}

function withMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return list;
  return [...list, message].sort((a, b) => a.id - b.id);
}

function summary(message: ChatMessage): string {
  if (message.message) return message.message;
  return message.attachments.length ? CUSTOMER_MESSAGES.attachment : CUSTOMER_MESSAGES.noMessages;
}

/**
 * The state of a chat screen: conversations, the open one's messages, typing and the bell. Realtime events
 * update it in place; the server stays the source of truth for unread counts and seen flags.
 */
export function useChat(area: ChatArea, me: { id: number } | null) {
  const queryClient = useQueryClient();
  const conversationsKey = chatKeys.conversations(area);
  const conversationsQuery = useQuery({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => fetchConversations(area, signal).then((r) => r.conversations),
    enabled: !!me,
    staleTime: 30_000,
  });
  /** Conversations opened that the server's list does not hold yet (an admin starting one). */
  const [started, setStarted] = useState<Conversation[]>([]);
  const [pane, setPane] = useState<PaneState | null>(null);
  const [typing, setTyping] = useState<ReadonlySet<number>>(new Set());
  const [belled, setBelled] = useState<ReadonlySet<number>>(new Set());
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const activeRef = useRef<number | null>(null);

  const conversations = useMemo(() => {
    const listed = conversationsQuery.data ?? [];
    return [...listed, ...started.filter((s) => !listed.some((c) => c.user_id === s.user_id))];
  }, [conversationsQuery.data, started]);

  const updateConversation = useCallback(
    (userId: number, change: (c: Conversation) => Conversation, moveToTop = false) => {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (list) => {
        if (!list) return list;
        const index = list.findIndex((c) => c.user_id === userId);
        if (index < 0) return list;
        const updated = change(list[index]!);
        const rest = list.filter((_, i) => i !== index);
        return moveToTop ? [updated, ...rest] : list.map((c, i) => (i === index ? updated : c));
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, area],
  );

  const refreshUnread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread(area) });
  }, [queryClient, area]);

  const open = useCallback(
    (userId: number) => {
      if (activeRef.current === userId) return;
      activeRef.current = userId;
      setActiveConversation(userId);
      setPane({ userId, user: null, messages: [], hasMore: false, status: 'loading', loadingOlder: false });
      setBelled((b) => {
        if (!b.has(userId)) return b;
        const next = new Set(b);
        next.delete(userId);
        return next;
      });
      fetchMessages(area, userId)
        .then((page) => {
          if (activeRef.current !== userId) return;
          setPane({
            userId,
            user: page.user,
            messages: page.messages,
            hasMore: page.has_more,
            status: 'ready',
            loadingOlder: false,
          });
          // Opening a conversation reads it.
          updateConversation(userId, (c) => ({ ...c, unread: 0 }));
          refreshUnread();
          const known = queryClient
            .getQueryData<Conversation[]>(conversationsKey)
            ?.some((c) => c.user_id === userId);
          if (!known && area === 'admin') {
            setStarted((list) =>
              list.some((c) => c.user_id === userId)
                ? list
                : [
                    ...list,
                    {
                      id: -userId,
                      name: page.user.name,
                      photo_url: page.user.photo_url,
                      unread: 0,
                      last_message: CUSTOMER_MESSAGES.noMessages,
                      last_message_time: null,
                      user_id: userId,
                    },
                  ],
            );
          }
        })
        .catch((error) => {
          logFailure('loading messages')(error);
          if (activeRef.current === userId)
            setPane((p) => (p && p.userId === userId ? { ...p, status: 'ready' } : p));
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [area, queryClient, updateConversation, refreshUnread],
  );

  const close = useCallback(() => {
    activeRef.current = null;
    setActiveConversation(null);
    setPane(null);
  }, []);

  const paneRef = useRef<PaneState | null>(null);
  useEffect(() => {
    paneRef.current = pane;
  }, [pane]);
  const loadOlder = useCallback(() => {
    const p = paneRef.current;
    if (!p || p.status !== 'ready' || !p.hasMore || p.loadingOlder || p.messages.length === 0) return;
    const userId = p.userId;
    const before = p.messages[0]!.id;
    // Marked at once, so a second scroll event does not ask again (each action runs once at a time).
    paneRef.current = { ...p, loadingOlder: true };
    setPane((cur) => (cur && cur.userId === userId ? { ...cur, loadingOlder: true } : cur));
    fetchMessages(area, userId, before)
      .then((page) => {
        setPane((cur) =>
          cur && cur.userId === userId
            ? {
                ...cur,
                messages: [
                  ...page.messages.filter((m) => !cur.messages.some((x) => x.id === m.id)),
                  ...cur.messages,
                ],
                hasMore: page.has_more,
                loadingOlder: false,
              }
            : cur,
        );
      })
      .catch((error) => {
        logFailure('loading older messages')(error);
        setPane((cur) => (cur && cur.userId === userId ? { ...cur, loadingOlder: false } : cur));
      });
  }, [area]);

  /** Sends to the open conversation; rejects on failure so the composer can say so and keep the draft. */
  const send = useCallback(
    async (text: string, files: File[]) => {
      const userId = activeRef.current;
      if (userId === null) return;
      if (!text.trim() && files.length === 0) return;
      const { message } = await sendChatMessage(area, userId, text, files);
      setPane((p) => (p && p.userId === userId ? { ...p, messages: withMessage(p.messages, message) } : p));
      const known = queryClient
        .getQueryData<Conversation[]>(conversationsKey)
        ?.some((c) => c.user_id === userId);
      if (known) {
        updateConversation(
          userId,
          (c) => ({ ...c, last_message: summary(message), last_message_time: message.created_at }),
          true,
        );
      } else {
        setStarted((list) => list.filter((c) => c.user_id !== userId));
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [area, queryClient, updateConversation],
  );

  const conversationOf = useCallback(
    (message: ChatMessage) =>
      area === 'admin' ? message.conversation_user_id : (me?.id ?? message.conversation_user_id),
    [area, me],
  );

  const onMessage = useCallback(
    ({ message }: { message: ChatMessage }) => {
      const key = conversationOf(message);
      const fromOtherSide = area === 'admin' ? !message.from_admin : message.from_admin;
      const isOpen = activeRef.current === key;
      if (isOpen) {
        setPane((p) => (p && p.userId === key ? { ...p, messages: withMessage(p.messages, message) } : p));
        if (fromOtherSide)
          void markConversationSeen(area, key).then(refreshUnread, logFailure('marking seen'));
      }
      if (fromOtherSide) {
        // The typing indicator of the writer ends with the message.
        setTyping((t) => {
          if (!t.has(key)) return t;
          const next = new Set(t);
          next.delete(key);
          return next;
        });
      }
      const known = queryClient
        .getQueryData<Conversation[]>(conversationsKey)
        ?.some((c) => c.user_id === key);
      if (!known) {
        setStarted((list) => list.filter((c) => c.user_id !== key));
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      } else {
        updateConversation(
          key,
          (c) => ({
            ...c,
            last_message: summary(message),
            last_message_time: message.created_at,
            unread: !isOpen && fromOtherSide ? c.unread + 1 : c.unread,
          }),
          true,
        );
      }
      if (!isOpen && fromOtherSide) {
        playTone();
        setBelled((b) => new Set(b).add(key));
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [area, conversationOf, queryClient, updateConversation, refreshUnread],
  );
  useRealtimeEvent('MessageSent', onMessage);

  const onSeen = useCallback(
    ({ conversation_user_id, reader }: MessagesSeenEvent) => {
      const key = area === 'admin' ? conversation_user_id : (me?.id ?? conversation_user_id);
      // The other side read our messages: double checks.
      const ownFromAdmin = area === 'admin';
      if ((reader === 'admin') === ownFromAdmin) return;
      setPane((p) =>
        p && p.userId === key
          ? {
              ...p,
              messages: p.messages.map((m) =>
                m.from_admin === ownFromAdmin && !m.seen ? { ...m, seen: true } : m,
              ),
            }
          : p,
      );
    },
    [area, me],
  );
  useRealtimeEvent('MessagesSeen', onSeen);

  const onTyping = useCallback(
    ({ userId, isTyping }: TypingEvent) => {
      const key = area === 'admin' ? userId : (me?.id ?? userId);
      const timers = typingTimers.current;
      clearTimeout(timers.get(key));
      setTyping((t) => {
        const next = new Set(t);
        if (isTyping) next.add(key);
        else next.delete(key);
        return next;
      });
      if (isTyping) {
        // A typing indicator clears after 4 seconds without news.
        timers.set(
          key,
          setTimeout(() => {
            setTyping((t) => {
              const next = new Set(t);
              next.delete(key);
              return next;
            });
          }, CHAT.typingClearMs),
        );
      }
    },
    [area, me],
  );
  useRealtimeEvent('typing', onTyping);

  useEffect(() => {
    const timers = typingTimers.current;
    return () => {
      timers.forEach((t) => clearTimeout(t));
      // Leaving the chat route clears the active conversation.
      activeRef.current = null;
      setActiveConversation(null);
    };
  }, []);

  return {
    conversations,
    conversationsLoading: conversationsQuery.isPending && !!me,
    pane,
    typing,
    belled,
    open,
    close,
    loadOlder,
    send,
  };
}

/** The typing whisper: starts on input, stops 3 s after the last keystroke or when the message is sent. */
export function useTypingWhisper(area: ChatArea, receiverId: number | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingTo = useRef<number | null>(null);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    if (typingTo.current !== null) {
      realtime.sendTyping({ receiverId: area === 'admin' ? typingTo.current : undefined, isTyping: false });
      typingTo.current = null;
    }
  }, [area]);

  const keystroke = useCallback(() => {
    if (receiverId === null) return;
    if (typingTo.current !== receiverId) {
      if (typingTo.current !== null) stop();
      typingTo.current = receiverId;
      realtime.sendTyping({ receiverId: area === 'admin' ? receiverId : undefined, isTyping: true });
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(stop, CHAT.typingAutoStopMs);
  }, [area, receiverId, stop]);

  useEffect(() => stop, [stop, receiverId]);
  return { keystroke, stop };
}
