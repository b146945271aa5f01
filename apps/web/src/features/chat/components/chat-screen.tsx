import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { CHAT, type Conversation } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { useOnlineUsers, useRealtimeConnection } from '../../../lib/realtime-client';
import type { ChatArea } from '../api/chat-api';
import { useChat, useTypingWhisper } from '../api/use-chat';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

interface ChatScreenProps {
  area: ChatArea;
  me: { id: number };
  /** A conversation to open (the admin's ?userId=). */
  requestedUserId?: number | null;
  /** Called when the user opens a conversation from the list (the admin page keeps ?userId= in step). */
  onOpened?: (userId: number | null) => void;
  /** Above the list (the admin's customer search). */
  listHeader?: (open: (userId: number) => void) => ReactNode;
}

/** The window title shows the unread total before 'My Chat App' while above 0. */
function useUnreadTitle(total: number) {
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (total > 0) {
      if (saved.current === null) saved.current = document.title;
      document.title = `(${total}) ${CHAT.windowTitle}`;
    } else if (saved.current !== null) {
      document.title = saved.current;
      saved.current = null;
    }
  }, [total]);
  useEffect(
    () => () => {
      if (saved.current !== null) document.title = saved.current;
    },
    [],
  );
}

export function ChatScreen({ area, me, requestedUserId, onOpened, listHeader }: ChatScreenProps) {
  useRealtimeConnection(area);
  const chat = useChat(area, me);
  const online = useOnlineUsers();
  const { open, close, conversations, pane } = chat;
  const activeId = pane?.userId ?? null;
  const whisper = useTypingWhisper(area, activeId);

  // A customer has exactly one conversation (the team): it opens by itself, once.
  const autoOpened = useRef(false);
  useEffect(() => {
    if (area === 'customer' && !autoOpened.current && activeId === null && conversations.length === 1) {
      autoOpened.current = true;
      open(conversations[0]!.user_id);
    }
  }, [area, activeId, conversations, open]);

  useEffect(() => {
    if (requestedUserId) open(requestedUserId);
  }, [requestedUserId, open]);

  const isOnline = (c: Conversation) => (area === 'customer' ? online.size > 0 : online.has(c.user_id));
  const total = useMemo(() => conversations.reduce((sum, c) => sum + c.unread, 0), [conversations]);
  useUnreadTitle(total);

  const active = conversations.find((c) => c.user_id === activeId);
  const title = area === 'customer' ? 'Admin' : (active?.name ?? pane?.user?.name ?? '');
  const select = (userId: number) => {
    open(userId);
    onOpened?.(userId);
  };

  return (
    <div className="flex h-[calc(100dvh-11rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <aside
        className={cx(
          'flex w-full flex-col border-r border-slate-200 md:w-80 md:shrink-0',
          activeId !== null && 'hidden md:flex',
        )}
        aria-label="Conversation list"
      >
        {listHeader?.(select)}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={conversations}
            loading={chat.conversationsLoading}
            activeId={activeId}
            typing={chat.typing}
            belled={chat.belled}
            isOnline={isOnline}
            onSelect={select}
          />
        </div>
      </aside>
      <div className={cx('min-w-0 flex-1 flex-col', activeId === null ? 'hidden md:flex' : 'flex')}>
        <MessagePane
          area={area}
          meId={me.id}
          pane={pane}
          title={title}
          photoUrl={area === 'customer' ? null : (active?.photo_url ?? pane?.user?.photo_url ?? null)}
          online={
            active
              ? isOnline(active)
              : area === 'customer'
                ? online.size > 0
                : activeId !== null && online.has(activeId)
          }
          typing={activeId !== null && chat.typing.has(activeId)}
          onLoadOlder={chat.loadOlder}
          onBack={() => {
            close();
            onOpened?.(null);
          }}
          composer={
            <Composer
              area={area}
              disabled={activeId === null || pane?.status !== 'ready'}
              onSend={chat.send}
              onKeystroke={whisper.keystroke}
              onStopTyping={whisper.stop}
            />
          }
        />
      </div>
    </div>
  );
}
