import { useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ADMIN_MESSAGES, CHAT, CUSTOMER_MESSAGES, FILE_PICKER_ACCEPT } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { toast } from '../../../lib/toast';
import type { ChatArea } from '../api/chat-api';

interface ComposerProps {
  area: ChatArea;
  disabled: boolean;
  onSend: (text: string, files: File[]) => Promise<void>;
  onKeystroke: () => void;
  onStopTyping: () => void;
}

/** The text box, the attach control and Send. Enter sends; Shift+Enter starts a new line. */
export function Composer({ area, disabled, onSend, onKeystroke, onStopTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const maxFilesMessage = area === 'admin' ? ADMIN_MESSAGES.chatMaxFiles : CUSTOMER_MESSAGES.chatMaxFiles;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (files.length + chosen.length > CHAT.maxFiles) {
      setError(maxFilesMessage);
      return;
    }
    const tooLarge = chosen.find((f) => f.size > CHAT.maxFileBytes);
    if (tooLarge) {
      setError(CUSTOMER_MESSAGES.chatFileTooLarge(tooLarge.name));
      return;
    }
    setError(null);
    setFiles((list) => [...list, ...chosen]);
  };

  const submit = async () => {
    if (disabled || sending) return;
    if (!text.trim() && files.length === 0) return;
    setSending(true);
    onStopTyping();
    try {
      await onSend(text, files);
      setText('');
      setFiles([]);
      setError(null);
    } catch {
      toast.error(ADMIN_MESSAGES.chatSendFailed);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error && (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attachments to send">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${i}`}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-xs text-navy-900"
            >
              <span className="max-w-40 truncate">{f.name}</span>
              <button
                type="button"
                className="rounded-full p-1 hover:bg-slate-200"
                onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
              >
                <CloseIcon className="size-3" />
                <span className="sr-only">Remove {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          multiple
          accept={FILE_PICKER_ACCEPT.chat}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pick}
          data-testid="chat-file-input"
        />
        <Button
          variant="outline"
          className="shrink-0 px-3"
          onClick={() => picker.current?.click()}
          disabled={disabled}
          aria-label="Attach files"
        >
          <span aria-hidden="true">📎</span>
        </Button>
        <label htmlFor="chat-message-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message-input"
          rows={1}
          value={text}
          disabled={disabled}
          placeholder="Type a message…"
          onChange={(e) => {
            setText(e.target.value);
            onKeystroke();
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-navy-900 placeholder:text-slate-500 focus:border-copper-600 focus:ring-2 focus:ring-copper-600/30 focus:outline-none disabled:bg-slate-50"
        />
        <Button type="submit" className="shrink-0" disabled={disabled} loading={sending}>
          Send
        </Button>
      </div>
    </form>
  );
}
