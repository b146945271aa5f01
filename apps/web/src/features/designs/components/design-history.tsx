import {
  CUSTOMER_MESSAGES,
  DESIGN_HISTORY_TEXTS as T,
  type DesignComment,
  type DesignHistoryEntry,
} from '@shop/contracts';
import { capitalize } from '../../../lib/text';
import { formatDateTime } from '../../../lib/dates';

const byLine = (author: DesignComment['author'], at: string) =>
  `${author?.name || T.team} · ${formatDateTime(at)}`;

/*
 * Both lists hold what people typed (comments of up to 5,000 characters, names, file names). A grid item is at
 * least as wide as its longest word, and `break-words` does not change that: one long word made the item, and so
 * the page, tens of thousands of pixels wide. `min-w-0` lets each item be as narrow as its list, and
 * `wrap-anywhere` (inherited by the texts) lets a long word break even where a width is worked out from the
 * content (the single column of a narrow window).
 */

/** Every comment of a design, oldest first, each with its author and time. */
export function DesignCommentList({ comments }: { comments: DesignComment[] }) {
  if (comments.length === 0) return <p>{CUSTOMER_MESSAGES.noComments}</p>;
  return (
    <ol className="grid gap-3 wrap-anywhere">
      {comments.map((c) => (
        <li key={c.id} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
          <p className="text-xs text-slate-600">
            <time dateTime={c.created_at}>{byLine(c.author, c.created_at)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line text-navy-900">{c.body}</p>
        </li>
      ))}
    </ol>
  );
}

function describe(entry: DesignHistoryEntry): string {
  switch (entry.kind) {
    case 'submitted':
      return T.submitted;
    case 'status':
      return T.status(capitalize(entry.from_status ?? ''), capitalize(entry.to_status ?? ''));
    case 'comment':
      return T.comment;
    case 'recommendation_notes':
      return T.recommendation_notes;
    case 'recommendation_file_added':
      return T.recommendation_file_added(entry.body ?? '');
    case 'recommendation_file_removed':
      return T.recommendation_file_removed(entry.body ?? '');
  }
}

/** Who changed what of a design and when, oldest first. */
export function DesignHistoryList({ history }: { history: DesignHistoryEntry[] }) {
  if (history.length === 0) return <p>{T.empty}</p>;
  return (
    <ol className="grid gap-2 border-l-2 border-slate-200 pl-4 wrap-anywhere" aria-label={T.title}>
      {history.map((entry) => (
        <li key={entry.id} className="min-w-0">
          <p className="font-medium text-navy-900">{describe(entry)}</p>
          {(entry.kind === 'comment' || entry.kind === 'recommendation_notes') && entry.body && (
            <p className="mt-0.5 line-clamp-3 whitespace-pre-line">{entry.body}</p>
          )}
          <p className="text-xs text-slate-600">
            <time dateTime={entry.created_at}>
              {entry.kind === 'submitted' && !entry.author
                ? formatDateTime(entry.created_at)
                : byLine(entry.author, entry.created_at)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
