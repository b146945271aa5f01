import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES, CHAT, type ChatMessage } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { ArrowDownIcon, ChatIcon, ChevronLeftIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import type { ChatArea } from '../api/chat-api';
import type { PaneState } from '../api/use-chat';
import { ChatAvatar } from './chat-avatar';
import { MessageBubble } from './message-bubble';

interface MessagePaneProps {
  area: ChatArea;
  meId: number;
  pane: PaneState | null;
  title: string;
  photoUrl: string | null;
  online: boolean;
  typing: boolean;
  onLoadOlder: () => void;
  /** Loads the conversation again after its messages could not be loaded. */
  onRetry: () => void;
  retrying: boolean;
  onBack: () => void;
  composer: ReactNode;
}

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

/**
 * Whether a message is of the viewer's side: in the back-office the team's (decisions.md D7, the shared inbox: a
 * colleague's reply is ours, not the customer's), in the customer area the customer's own.
 */
const ofOwnSide = (area: ChatArea, message: ChatMessage) =>
  area === 'admin' ? message.from_admin : !message.from_admin;

/** The sender named on a message of the viewer's side: a colleague's reply, in the back-office. */
const colleagueOf = (area: ChatArea, message: ChatMessage, meId: number) =>
  area === 'admin' && message.from_admin && message.sender_id !== meId ? message.sender.name : null;

/**
 * The open conversation: four states (none open, loading, empty, messages), and its messages' failure to load,
 * paging up and the New Messages rule.
 */
export function MessagePane({
  area,
  meId,
  pane,
  title,
  photoUrl,
  online,
  typing,
  onLoadOlder,
  onRetry,
  retrying,
  onBack,
  composer,
}: MessagePaneProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastId = useRef<number | null>(null);
  const firstId = useRef<number | null>(null);
  const beforePrepend = useRef<{ height: number; top: number } | null>(null);
  // The conversation for which the 'New Messages' button shows (so opening another one hides it).
  const [newMessagesFor, setNewMessagesFor] = useState<number | null>(null);
  // A live region that tells a screen reader of a message arriving in the open conversation (not of the ones
  // shown on opening it or loaded above); written directly, as the scroll position is.
  const arrived = useRef<HTMLParagraphElement>(null);
  const messages = useMemo(() => pane?.messages ?? [], [pane]);
  const conversation = pane?.userId ?? null;
  const newMessages = newMessagesFor !== null && newMessagesFor === conversation;
  const setNewMessages = (show: boolean) => setNewMessagesFor(show ? conversation : null);

  // A newly opened conversation starts at its latest message.
  useEffect(() => {
    lastId.current = null;
    firstId.current = null;
    nearBottom.current = true;
    if (arrived.current) arrived.current.textContent = '';
  }, [conversation]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === 0) return;
    const first = messages[0]!.id;
    const last = messages.at(-1)!;
    if (beforePrepend.current && firstId.current !== null && first !== firstId.current) {
      // Older messages went on top: keep the reader where they were.
      el.scrollTop = el.scrollHeight - beforePrepend.current.height + beforePrepend.current.top;
      beforePrepend.current = null;
    } else if (lastId.current === null) {
      el.scrollTop = el.scrollHeight;
    } else if (last.id !== lastId.current) {
      if (!ofOwnSide(area, last) && arrived.current)
        arrived.current.textContent = `New message from ${title}: ${last.message || 'an attachment'}`;
      // One's own message goes into view; another's only within 100 px of the bottom (counted as at the bottom).
      if (last.sender_id === meId || nearBottom.current) {
        el.scrollTop = el.scrollHeight;
        setNewMessagesFor(null);
      } else {
        setNewMessagesFor(conversation);
      }
    }
    firstId.current = first;
    lastId.current = last.id;
    nearBottom.current = distanceFromBottom(el) <= CHAT.nearBottomPx;
  }, [messages, meId, conversation, title, area]);

  const loadOlder = () => {
    const el = scroller.current;
    if (el) beforePrepend.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = distanceFromBottom(el) <= CHAT.nearBottomPx;
    if (nearBottom.current) setNewMessages(false);
    if (el.scrollTop <= 0 && pane?.hasMore && !pane.loadingOlder) loadOlder();
  };

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setNewMessages(false);
  };

  if (!pane) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-600">
        <ChatIcon className="size-10 text-navy-300" />
        <p>Select a conversation to start chatting.</p>
      </div>
    );
  }

  if (pane.status === 'missing') {
    return (
      <div
        role="alert"
        className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-600"
      >
        <ChatIcon className="size-10 text-navy-300" />
        <p className="font-medium text-navy-900">{CHAT.conversationNotFound}</p>
        <Button variant="outline" size="sm" onClick={onBack}>
          Back to conversations
        </Button>
      </div>
    );
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`Conversation with ${title}`}>
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <button
          type="button"
          onClick={onBack}
          className="-ml-2 rounded-lg p-2 text-navy-800 hover:bg-navy-50 md:hidden"
        >
          <ChevronLeftIcon className="size-5" />
          <span className="sr-only">Back to conversations</span>
        </button>
        <ChatAvatar name={title} photoUrl={photoUrl} online={online} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-navy-900">{title}</h2>
          <p className="text-xs text-slate-600">{online ? 'Online' : 'Offline'}</p>
        </div>
      </header>
      <div className="relative flex min-h-0 flex-1 flex-col bg-slate-50">
        <div
          ref={scroller}
          onScroll={onScroll}
          className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
          data-testid="chat-scroller"
        >
          {pane.status === 'loading' ? (
            <div className="flex h-full items-center justify-center text-navy-600">
              <Spinner className="size-7" label="Loading messages…" />
            </div>
          ) : pane.status === 'failed' ? (
            <LoadError message={pane.failure ?? ''} onRetry={onRetry} retrying={retrying} />
          ) : messages.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-slate-600">
              <ChatIcon className="size-9 text-navy-300" />
              <p className="font-medium">{ADMIN_MESSAGES.startConversation}</p>
            </div>
          ) : (
            <>
              {pane.hasMore && (
                <div className="mb-3 flex justify-center">
                  <Button variant="outline" size="sm" onClick={loadOlder} loading={pane.loadingOlder}>
                    Load previous messages
                  </Button>
                </div>
              )}
              <ol className="flex flex-col gap-2" aria-label={`Messages with ${title}`}>
                {messages.map((m) => (
                  <MessageBubble
                    key={m.id}
                    message={m}
                    own={ofOwnSide(area, m)}
                    colleague={colleagueOf(area, m, meId)}
                    area={area}
                  />
                ))}
              </ol>
            </>
          )}
        </div>
        {newMessages && (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
            <Button
              size="sm"
              variant="secondary"
              className="pointer-events-auto shadow-lg"
              onClick={toBottom}
            >
              <ArrowDownIcon className="size-4" />
              New Messages
            </Button>
          </div>
        )}
      </div>
      <p className="h-6 bg-slate-50 px-4 text-xs text-slate-600" aria-live="polite">
        {typing ? `${title} is typing…` : ''}
      </p>
      <p ref={arrived} className="sr-only" aria-live="polite" data-testid="message-arrived" />
      {composer}
    </section>
  );
}
