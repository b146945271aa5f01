import { useEffect, useRef } from 'react';
import type { Conversation } from '@shop/contracts';
import { CountBadge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { BellIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { timeAgo } from '../../../lib/dates';
import { ChatAvatar } from './chat-avatar';

interface ConversationListProps {
  conversations: Conversation[];
  loading: boolean;
  /** Why the list could not be loaded, when none is in hand; said with 'Try again' (onRetry). */
  failed?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
  /** The list's search, if any (for the empty text). */
  search?: string;
  /** Whether the server has more conversations after the loaded ones. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  activeId: number | null;
  typing: ReadonlySet<number>;
  belled: ReadonlySet<number>;
  isOnline: (c: Conversation) => boolean;
  onSelect: (userId: number) => void;
}

export function ConversationList({
  conversations,
  loading,
  failed = null,
  onRetry,
  retrying = false,
  search = '',
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  activeId,
  typing,
  belled,
  isOnline,
  onSelect,
}: ConversationListProps) {
  // After "Load more", focus moves to the first conversation it brought (the button may be gone: last page).
  // That is the row after the last one listed before the press: a conversation that arrives live meanwhile
  // goes to the top, so counting rows would land on an old one.
  const listRef = useRef<HTMLUListElement>(null);
  const listedBefore = useRef<ReadonlySet<number> | null>(null);
  useEffect(() => {
    const before = listedBefore.current;
    if (before === null) return;
    const lastKnown = conversations.findLastIndex((c) => before.has(c.user_id));
    const next = conversations[lastKnown + 1];
    if (!next || before.has(next.user_id)) return;
    listedBefore.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-testid="conversation-${next.user_id}"]`)?.focus();
  }, [conversations]);
  const loadMore = () => {
    listedBefore.current = new Set(conversations.map((c) => c.user_id));
    onLoadMore?.();
  };

  if (loading) {
    return (
      <div className="flex justify-center p-6 text-navy-600">
        <Spinner label="Loading conversations…" />
      </div>
    );
  }
  if (failed) return <LoadError message={failed} onRetry={onRetry} retrying={retrying} className="m-3" />;
  if (conversations.length === 0) {
    return (
      <p className="p-6 text-center text-sm text-slate-600" role="status">
        {search ? `No conversations match “${search}”.` : 'No conversations yet.'}
      </p>
    );
  }
  return (
    <>
      <ul ref={listRef} className="divide-y divide-slate-100" aria-label="Conversations">
        {conversations.map((c) => {
          const active = c.user_id === activeId;
          return (
            <li key={c.user_id}>
              <button
                type="button"
                onClick={() => onSelect(c.user_id)}
                aria-current={active ? 'true' : undefined}
                data-testid={`conversation-${c.user_id}`}
                className={cx(
                  'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-copper-600',
                  active ? 'bg-navy-50' : 'hover:bg-slate-50',
                )}
              >
                <ChatAvatar name={c.name} photoUrl={c.photo_url} online={isOnline(c)} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold text-navy-900">{c.name}</span>
                    {c.last_message_time && (
                      <span className="shrink-0 text-xs text-slate-600">{timeAgo(c.last_message_time)}</span>
                    )}
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span
                      className={cx(
                        'truncate text-sm',
                        c.unread > 0 ? 'font-semibold text-navy-900' : 'text-slate-600',
                      )}
                    >
                      {typing.has(c.user_id) ? <em className="text-copper-700">typing…</em> : c.last_message}
                    </span>
                    <span className="flex shrink-0 items-center gap-1">
                      {belled.has(c.user_id) && (
                        <BellIcon className="size-4 text-copper-700" aria-label="New message" />
                      )}
                      <CountBadge count={c.unread} label="unread messages" />
                    </span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && <LoadMore loading={loadingMore} onLoadMore={loadMore} />}
    </>
  );
}

/** The next page of conversations: a button, so the keyboard and screen readers reach it like any other. */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  return (
    <div className="flex justify-center p-3">
      <button
        type="button"
        // A press while a page loads joins that load (it is not disabled, so focus stays on it).
        onClick={onLoadMore}
        aria-busy={loading}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-navy-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-copper-600"
      >
        {loading ? 'Loading more conversations…' : 'Load more conversations'}
      </button>
    </div>
  );
}
