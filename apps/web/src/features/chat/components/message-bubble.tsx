import type { ChatMessage } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { PaperclipIcon } from '../../../components/ui/icons';
import { timeAgo } from '../../../lib/dates';
import { downloadAttachment, type ChatArea } from '../api/chat-api';
import { AttachmentThumbnail, isPreviewable } from './attachment-thumbnail';
import { MessageText } from './message-text';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function MessageBubble({
  message,
  own,
  colleague = null,
  area,
}: {
  message: ChatMessage;
  /** Of the viewer's side (the team's, in the back-office): on the right, with its seen ticks. */
  own: boolean;
  /** The colleague who wrote a message of the team's side, named on it (the back-office's shared inbox). */
  colleague?: string | null;
  area: ChatArea;
}) {
  const images = message.attachments.filter(isPreviewable);
  return (
    <li className={cx('flex', own ? 'justify-end' : 'justify-start')} data-testid="chat-message">
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-4 py-2 shadow-sm sm:max-w-[70%]',
          own
            ? 'rounded-br-sm bg-navy-800 text-white'
            : 'rounded-bl-sm border border-slate-200 bg-white text-navy-900',
        )}
      >
        {!own && <p className="mb-0.5 text-xs font-semibold text-copper-700">{message.sender.name}</p>}
        {own && colleague && <p className="mb-0.5 text-xs font-semibold text-navy-100">{colleague}</p>}
        {message.message && <MessageText text={message.message} own={own} />}
        {images.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Images">
            {images.map((a) => (
              <li key={a.id}>
                <AttachmentThumbnail area={area} attachment={a} />
              </li>
            ))}
          </ul>
        )}
        {message.attachments.length > 0 && (
          <ul className="mt-1 flex flex-col gap-1" aria-label="Attachments">
            {message.attachments.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  onClick={() =>
                    void downloadAttachment(area, a).catch((e) => console.warn('chat: download failed', e))
                  }
                  className={cx(
                    'inline-flex max-w-full items-center gap-2 rounded-lg px-2 py-1 text-left text-xs underline-offset-2 hover:underline',
                    own ? 'bg-navy-700 text-white' : 'bg-slate-100 text-navy-900',
                  )}
                >
                  <PaperclipIcon className="size-3.5 shrink-0" />
                  <span className="truncate">{a.name}</span>
                  <span className={own ? 'text-navy-100' : 'text-slate-700'}>({formatSize(a.size)})</span>
                  <span className="sr-only">Download</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <p
          className={cx(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-navy-100' : 'text-slate-600',
          )}
        >
          <time dateTime={message.created_at}>{timeAgo(message.created_at)}</time>
          {own && (
            <span data-testid="message-status" data-seen={message.seen ? 'true' : 'false'}>
              <span aria-hidden="true">{message.seen ? '✓✓' : '✓'}</span>
              <span className="sr-only">{message.seen ? 'Seen' : 'Sent'}</span>
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
