import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SEARCH_MAX_LENGTH, type Conversation } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { TextField } from '../../../components/ui/form-field';
import { useOnlineUsers, useRealtimeConnection } from '../../../lib/realtime-client';
import { useDebounce } from '../../../lib/use-debounce';
import type { ChatArea, ChatCustomer } from '../api/chat-api';
import { useChat, useTypingWhisper } from '../api/use-chat';
import { Composer, focusMessageBox } from './composer';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

interface ChatScreenProps {
  area: ChatArea;
  me: { id: number };
  /** A conversation to open (the admin's ?userId=). */
  requestedUserId?: number | null;
  /** Called when the user opens a conversation from the list (the admin page keeps ?userId= in step). */
  onOpened?: (userId: number | null) => void;
  /** Above the list (the admin's customer search, which opens the conversation of the customer it found). */
  listHeader?: (open: (customer: ChatCustomer) => void) => ReactNode;
  /** Its size in the page (each chat page makes it fill the screen below its header). */
  className?: string;
}

export function ChatScreen({ area, me, requestedUserId, onOpened, listHeader, className }: ChatScreenProps) {
  useRealtimeConnection(area);
  // The team's list can be narrowed to customers by name or e-mail (searched on the server, past the first page).
  const [listSearch, setListSearch] = useState('');
  const search = useDebounce(listSearch.trim());
  const chat = useChat(area, me, area === 'admin' ? search : '');
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

  // The customer last found by the search: who their conversation is with even while its messages cannot be read.
  const [found, setFound] = useState<ChatCustomer | null>(null);
  const active = conversations.find((c) => c.user_id === activeId);
  const who = active ?? pane?.user ?? (found?.id === activeId ? found : null);
  const title = area === 'customer' ? 'Admin' : (who?.name ?? 'Customer');
  const select = (userId: number) => {
    open(userId);
    onOpened?.(userId);
  };

  // A customer picked in the search (each pick its own object): their conversation's message box takes the focus
  // once it can be typed in (its messages read), once; until then the search field keeps it. A conversation that
  // could not be read, or was left before it could, leaves it where it is.
  const [picked, setPicked] = useState<{ userId: number } | null>(null);
  const settled = useRef<{ userId: number } | null>(null);
  useEffect(() => {
    if (!picked || settled.current === picked) return;
    const opened = pane?.userId === picked.userId;
    if (opened && pane.status === 'loading') return;
    settled.current = picked;
    if (opened && pane.status === 'ready') focusMessageBox();
  }, [picked, pane]);

  return (
    <div
      className={cx('flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
    >
      <aside
        className={cx(
          'flex w-full flex-col border-r border-slate-200 md:w-80 md:shrink-0',
          activeId !== null && 'hidden md:flex',
        )}
        aria-label="Conversation list"
      >
        {listHeader?.((customer) => {
          setPicked({ userId: customer.id });
          setFound(customer);
          select(customer.id);
        })}
        {area === 'admin' && (
          <div className="border-b border-slate-200 p-3">
            <TextField
              type="search"
              label="Filter conversations"
              value={listSearch}
              onChange={(e) => setListSearch(e.target.value)}
              placeholder="Name or e-mail…"
              maxLength={SEARCH_MAX_LENGTH.list}
              autoComplete="off"
            />
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={conversations}
            loading={chat.conversationsLoading}
            failed={chat.conversationsFailed}
            onRetry={chat.retryConversations}
            retrying={chat.retryingConversations}
            search={area === 'admin' ? search : ''}
            hasMore={chat.hasMoreConversations}
            loadingMore={chat.loadingMoreConversations}
            onLoadMore={chat.loadMoreConversations}
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
          photoUrl={area === 'customer' ? null : (who?.photo_url ?? null)}
          online={
            active
              ? isOnline(active)
              : area === 'customer'
                ? online.size > 0
                : activeId !== null && online.has(activeId)
          }
          typing={activeId !== null && chat.typing.has(activeId)}
          onLoadOlder={chat.loadOlder}
          onRetry={chat.retryMessages}
          retrying={chat.retryingMessages}
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
