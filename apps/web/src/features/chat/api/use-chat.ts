import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CHAT,
  CUSTOMER_MESSAGES,
  type ChatMessage,
  type ChatUser,
  type Conversation,
  type ConversationsResponse,
  type MessagesResponse,
  type MessagesSeenEvent,
  type TypingEvent,
} from '@shop/contracts';
import { failureWithReason, isApiError } from '../../../lib/api-error';
import { readAgain, readAgainWhileFetching } from '../../../lib/query-client';
import { realtime, useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime-client';
import { getActiveConversation, setActiveConversation } from './active-conversation';
import {
  areaNotificationsKey,
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
  /**
   * 'missing': no such conversation (an unknown or deleted customer, an admin's id): nothing to show or write to.
   * 'failed': its messages could not be loaded (`failure` says why): nothing to write to until they are.
   */
  status: 'loading' | 'ready' | 'missing' | 'failed';
  failure: string | null;
  loadingOlder: boolean;
}

/**
 * Said in place of the conversation list, or of the open conversation's messages, when it could not be loaded and
 * the failure is not the connection's (the failure itself is logged, as every chat read's).
 */
const CONVERSATIONS_FAILED = 'Failed to load conversations.';
const MESSAGES_FAILED = 'Failed to load messages.';

const logFailure = (what: string) => (error: unknown) => console.warn(`chat: ${what} failed`, error);

function withMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return list;
  return [...list, message].sort((a, b) => a.id - b.id);
}

function summary(message: ChatMessage): string {
  if (message.message) return message.message;
  return message.attachments.length ? CUSTOMER_MESSAGES.attachment : CUSTOMER_MESSAGES.noMessages;
}

type MessagePages = InfiniteData<MessagesResponse, number | undefined>;
type ConversationPages = InfiniteData<ConversationsResponse, string | undefined>;

/** Changes the conversation of `userId` wherever a loaded page holds it; `moveToTop` puts it first. */
function withConversation(
  data: ConversationPages | undefined,
  userId: number,
  change: (c: Conversation) => Conversation,
  moveToTop: boolean,
): ConversationPages | undefined {
  if (!data) return data;
  const found = data.pages.flatMap((p) => p.conversations).find((c) => c.user_id === userId);
  if (!found) return data;
  const updated = change(found);
  if (!moveToTop) {
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        conversations: p.conversations.map((c) => (c.user_id === userId ? updated : c)),
      })),
    };
  }
  return {
    ...data,
    pages: data.pages.map((p, i) => {
      const rest = p.conversations.filter((c) => c.user_id !== userId);
      return { ...p, conversations: i === 0 ? [updated, ...rest] : rest };
    }),
  };
}

/** Adds a message to the newest page of a conversation's cached pages (once). */
function withNewMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, messages: withMessage(newest!.messages, message) }, ...older] };
}

/**
 * The state of a chat screen: conversations, the open one's messages, typing and the bell. The open
 * conversation's messages are an infinite query (pages going back with `before`); realtime events write into
 * the query cache, and the server stays the source of truth for unread counts and seen flags.
 */
export function useChat(area: ChatArea, me: { id: number } | null, search = '') {
  const queryClient = useQueryClient();
  // The team's inbox comes a page at a time (newest first), narrowed by the list's search; a customer's is one.
  const conversationsQuery = useInfiniteQuery({
    queryKey: chatKeys.conversationList(area, search),
    queryFn: ({ pageParam, signal }) => fetchConversations(area, { cursor: pageParam, search }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: !!me,
    // Read again each time a chat screen opens: while none was open, no event updated the list (a customer wrote,
    // the connection dropped), and the realtime events keep it current only while one is.
    staleTime: 0,
  });
  const [activeId, setActiveId] = useState<number | null>(null);
  const [typing, setTyping] = useState<ReadonlySet<number>>(new Set());
  const [belled, setBelled] = useState<ReadonlySet<number>>(new Set());
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const updateConversation = useCallback(
    (userId: number, change: (c: Conversation) => Conversation, moveToTop = false) => {
      // Every cached list (each search) that holds the conversation.
      queryClient.setQueriesData<ConversationPages>({ queryKey: chatKeys.conversations(area) }, (data) =>
        withConversation(data, userId, change, moveToTop),
      );
    },
    [queryClient, area],
  );

  const isListed = useCallback(
    (userId: number) =>
      queryClient
        .getQueryData<ConversationPages>(chatKeys.conversationList(area, search))
        ?.pages.some((p) => p.conversations.some((c) => c.user_id === userId)) ?? false,
    [queryClient, area, search],
  );

  // Customers deleted while this screen is open: their conversations are gone.
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const messagesQuery = useInfiniteQuery({
    queryKey: chatKeys.messages(area, activeId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchMessages(area, activeId!, pageParam, signal);
      if (pageParam === undefined) {
        // Opening a conversation reads it, with the reader's chat notifications (the bell).
        updateConversation(activeId!, (c) => ({ ...c, unread: 0 }));
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread(area) });
        void readAgain(queryClient, areaNotificationsKey(area));
      }
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more && last.messages.length ? last.messages[0]!.id : undefined),
    // A deleted customer's conversation is not read again (it would answer 404).
    enabled: activeId !== null && !deleted.has(activeId),
    // Read afresh whenever a conversation is opened; while it is open, realtime keeps it current.
    staleTime: 0,
  });
  const missing =
    (activeId !== null && deleted.has(activeId)) ||
    (isApiError(messagesQuery.error) && messagesQuery.error.status === 404);
  useEffect(() => {
    const error = messagesQuery.error;
    if (error && !(isApiError(error) && error.status === 404)) logFailure('loading messages')(error);
  }, [messagesQuery.error]);
  useEffect(() => {
    if (conversationsQuery.error) logFailure('loading conversations')(conversationsQuery.error);
  }, [conversationsQuery.error]);

  const firstPage = messagesQuery.data?.pages[0];
  const loadedPages = conversationsQuery.data?.pages;
  const conversations = useMemo(() => {
    // A conversation that moved up while later pages loaded is shown once, where it is newest.
    const seen = new Set<number>();
    const listed = (loadedPages ?? [])
      .flatMap((p) => p.conversations)
      .filter((c) => !seen.has(c.user_id) && seen.add(c.user_id));
    // A conversation an admin opens that the server's list does not hold yet (no message so far).
    if (area !== 'admin' || activeId === null || !firstPage || listed.some((c) => c.user_id === activeId))
      return listed.filter((c) => !deleted.has(c.user_id));
    if (deleted.has(activeId)) return listed;
    // Or one on a page not loaded yet: its latest message stands for it until the list has it.
    const latest = firstPage.messages.at(-1);
    const started: Conversation = {
      id: -activeId,
      name: firstPage.user.name,
      photo_url: firstPage.user.photo_url,
      unread: 0,
      last_message: latest ? summary(latest) : CUSTOMER_MESSAGES.noMessages,
      last_message_time: latest?.created_at ?? null,
      user_id: activeId,
    };
    return [...listed, started];
  }, [loadedPages, area, activeId, firstPage, deleted]);

  const pane = useMemo((): PaneState | null => {
    if (activeId === null) return null;
    const pages = messagesQuery.data?.pages;
    const failed = !missing && messagesQuery.isError && !pages;
    return {
      userId: activeId,
      user: pages?.[0]?.user ?? null,
      // The pages go back in time; each holds its messages oldest first.
      messages: pages ? [...pages].reverse().flatMap((p) => p.messages) : [],
      hasMore: messagesQuery.hasNextPage,
      status: missing
        ? 'missing'
        : failed
          ? 'failed'
          : messagesQuery.isPending && messagesQuery.fetchStatus !== 'idle'
            ? 'loading'
            : 'ready',
      failure: failed ? failureWithReason(messagesQuery.error, MESSAGES_FAILED) : null,
      loadingOlder: messagesQuery.isFetchingNextPage,
    };
  }, [
    activeId,
    missing,
    messagesQuery.data,
    messagesQuery.isError,
    messagesQuery.error,
    messagesQuery.hasNextPage,
    messagesQuery.isPending,
    messagesQuery.fetchStatus,
    messagesQuery.isFetchingNextPage,
  ]);

  const open = useCallback((userId: number) => {
    setActiveConversation(userId);
    setActiveId(userId);
    setBelled((b) => {
      if (!b.has(userId)) return b;
      const next = new Set(b);
      next.delete(userId);
      return next;
    });
  }, []);

  const close = useCallback(() => {
    setActiveConversation(null);
    setActiveId(null);
  }, []);

  const { fetchNextPage } = messagesQuery;
  const loadOlder = useCallback(() => {
    // A second scroll event while older messages load joins that fetch instead of asking again.
    fetchNextPage({ cancelRefetch: false }).catch(logFailure('loading older messages'));
  }, [fetchNextPage]);

  /** Sends to the open conversation; rejects on failure so the composer can say so and keep the draft. */
  const send = useCallback(
    async (text: string, files: File[]) => {
      const userId = getActiveConversation();
      if (userId === null) return;
      if (!text.trim() && files.length === 0) return;
      const { message } = await sendChatMessage(area, userId, text, files);
      queryClient.setQueryData<MessagePages>(chatKeys.messages(area, userId), (d) =>
        withNewMessage(d, message),
      );
      if (isListed(userId)) {
        updateConversation(
          userId,
          (c) => ({ ...c, last_message: summary(message), last_message_time: message.created_at }),
          true,
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(area) });
      }
    },
    [area, queryClient, updateConversation, isListed],
  );

  const onMessage = useCallback(
    ({ message }: { message: ChatMessage }) => {
      const key = area === 'admin' ? message.conversation_user_id : (me?.id ?? message.conversation_user_id);
      const fromOtherSide = area === 'admin' ? !message.from_admin : message.from_admin;
      const isOpen = getActiveConversation() === key;
      const messagesKey = chatKeys.messages(area, key);
      queryClient.setQueryData<MessagePages>(messagesKey, (d) => withNewMessage(d, message));
      // A read of these messages under way (the first one, or older pages) is made again.
      readAgainWhileFetching(queryClient, messagesKey);
      if (isOpen && fromOtherSide) {
        // Read where it is shown: its notification, which the bell may have counted already, is read with it.
        void markConversationSeen(area, key).then(() => {
          void queryClient.invalidateQueries({ queryKey: chatKeys.unread(area) });
          void readAgain(queryClient, areaNotificationsKey(area));
        }, logFailure('marking seen'));
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
      if (!isListed(key)) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(area) });
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
      // The layout's chat alerts play the tone (on every screen of the area); here the conversation shows the bell.
      if (!isOpen && fromOtherSide) {
        setBelled((b) => new Set(b).add(key));
      }
    },
    [area, me, queryClient, updateConversation, isListed],
  );
  useRealtimeEvent('MessageSent', onMessage);

  const onSeen = useCallback(
    ({ conversation_user_id, reader }: MessagesSeenEvent) => {
      const key = area === 'admin' ? conversation_user_id : (me?.id ?? conversation_user_id);
      const ownFromAdmin = area === 'admin';
      if ((reader === 'admin') === ownFromAdmin) {
        // Our side read it (a colleague in the shared inbox, or the customer in another tab): nothing in it is
        // unread here either. The layout's count and bell are read again (useUnreadChatCountLive).
        updateConversation(key, (c) => (c.unread === 0 ? c : { ...c, unread: 0 }));
        setBelled((b) => {
          if (!b.has(key)) return b;
          const next = new Set(b);
          next.delete(key);
          return next;
        });
        return;
      }
      // The other side read our messages: double checks.
      queryClient.setQueryData<MessagePages>(chatKeys.messages(area, key), (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({
                ...p,
                messages: p.messages.map((m) =>
                  m.from_admin === ownFromAdmin && !m.seen ? { ...m, seen: true } : m,
                ),
              })),
            }
          : d,
      );
    },
    [area, me, queryClient, updateConversation],
  );
  useRealtimeEvent('messages:seen', onSeen);

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

  // A deleted customer's conversation is gone: it leaves the list, and an open one says so and takes no message.
  const onCustomerDeleted = useCallback(
    ({ userId }: { userId: number }) => {
      if (area !== 'admin') return;
      setDeleted((d) => new Set(d).add(userId));
      queryClient.setQueriesData<ConversationPages>({ queryKey: chatKeys.conversations(area) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                conversations: p.conversations.filter((c) => c.user_id !== userId),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread(area) });
    },
    [area, queryClient],
  );
  useRealtimeEvent('customer:deleted', onCustomerDeleted);

  // Messages, read receipts and new conversations sent while the connection was down never arrived.
  const onReconnect = useCallback(() => {
    void readAgain(queryClient, chatKeys.conversations(area));
    void readAgain(queryClient, chatKeys.messageLists(area));
  }, [area, queryClient]);
  useRealtimeReconnect(onReconnect);

  useEffect(() => {
    const timers = typingTimers.current;
    return () => {
      timers.forEach((t) => clearTimeout(t));
      // Leaving the chat route clears the active conversation.
      setActiveConversation(null);
    };
  }, []);

  const { fetchNextPage: fetchMoreConversations, refetch: refetchConversations } = conversationsQuery;
  // A refetch settles with the query's result, failed or not (it never rejects): its failure is the query's error.
  const retryConversations = useCallback(() => void refetchConversations(), [refetchConversations]);
  const { refetch: refetchMessages } = messagesQuery;
  const retryMessages = useCallback(() => void refetchMessages(), [refetchMessages]);
  const loadMoreConversations = useCallback(() => {
    // A press while the next page loads joins that load. A press while the loaded pages are read again (a new
    // conversation arrived) only joins that read, which brings no new page: the next page is asked for after it.
    const before =
      queryClient.getQueryData<ConversationPages>(chatKeys.conversationList(area, search))?.pages.length ?? 0;
    fetchMoreConversations({ cancelRefetch: false })
      .then((result) => {
        const after = result.data?.pages.length ?? 0;
        if (after <= before && result.hasNextPage) return fetchMoreConversations({ cancelRefetch: false });
      })
      .catch(logFailure('loading more conversations'));
  }, [fetchMoreConversations, queryClient, area, search]);

  return {
    conversations,
    conversationsLoading: conversationsQuery.isPending && !!me,
    /** The list could not be loaded and none is in hand: why (the connection, or the list's own text). */
    conversationsFailed:
      conversationsQuery.isError && !conversationsQuery.data
        ? failureWithReason(conversationsQuery.error, CONVERSATIONS_FAILED)
        : null,
    retryConversations,
    retryingConversations: conversationsQuery.isFetching,
    hasMoreConversations: conversationsQuery.hasNextPage,
    loadingMoreConversations: conversationsQuery.isFetchingNextPage,
    loadMoreConversations,
    pane,
    retryMessages,
    retryingMessages: messagesQuery.isFetching,
    typing,
    belled,
    open,
    close,
    loadOlder,
    send,
  };
}

/**
 * While the customer or admin types (from the first keystroke until the whisper stops), the whisper is said again
 * this often, so the other side's indicator (cleared after `CHAT.typingClearMs` without news) stays up until the
 * stop: never more than 2 s pass without news. Well below the server's limit of client events per socket
 * (`REALTIME_EVENTS_PER_10_SECONDS`, 20 by default): 5 per 10 s, and the stop.
 */
export const TYPING_RESEND_MS = 2_000;

/**
 * The typing whisper: starts on input, is said again every `TYPING_RESEND_MS` while it lasts, and stops 3 s after
 * the last keystroke or when the message is sent.
 */
export function useTypingWhisper(area: ChatArea, receiverId: number | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heartbeat = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const typingTo = useRef<number | null>(null);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    clearInterval(heartbeat.current);
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
      const say = () =>
        realtime.sendTyping({ receiverId: area === 'admin' ? receiverId : undefined, isTyping: true });
      say();
      heartbeat.current = setInterval(say, TYPING_RESEND_MS);
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(stop, CHAT.typingAutoStopMs);
  }, [area, receiverId, stop]);

  useEffect(() => stop, [stop, receiverId]);
  return { keystroke, stop };
}
