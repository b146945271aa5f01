import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_MESSAGES,
  CHAT,
  CHAT_MESSAGE_MAX_LENGTH,
  CUSTOMER_MESSAGES,
  FILE_PICKER_ACCEPT,
  sendMessageFields,
} from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { CloseIcon, PaperclipIcon } from '../../../components/ui/icons';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { checkFile, FILE_RULES } from '../../../components/ui/forms/file-check';
import { isApiError, uploadRefusal } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { ChatArea } from '../api/chat-api';

interface ComposerProps {
  area: ChatArea;
  disabled: boolean;
  onSend: (text: string, files: File[]) => Promise<void>;
  onKeystroke: () => void;
  onStopTyping: () => void;
}

interface ComposerValues {
  message: string;
}

const resolver = contractResolver<ComposerValues>(sendMessageFields);
const MESSAGE_ID = 'chat-message-input';

/** Puts the focus in the message box (a conversation opened by the customer search: the result pressed is gone). */
export const focusMessageBox = () => document.getElementById(MESSAGE_ID)?.focus();

/**
 * The text box, the attach control and Send. Enter sends; Shift+Enter starts a new line. The text is a
 * react-hook-form field checked with the route's schema; a refusal of the text (the server's 422) stands under it.
 */
export function Composer({ area, disabled, onSend, onKeystroke, onStopTyping }: ComposerProps) {
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError: setFieldError,
    formState,
  } = useForm<ComposerValues>({ resolver, defaultValues: { message: '' } });
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const messageError = formState.errors.message?.message;
  const picker = useRef<HTMLInputElement>(null);
  const maxFilesMessage = area === 'admin' ? ADMIN_MESSAGES.chatMaxFiles : CUSTOMER_MESSAGES.chatMaxFiles;

  // Each picked file is checked as every form checks its files (first bytes, size): a refused one is said and
  // none of the pick is attached.
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (files.length + chosen.length > CHAT.maxFiles) {
      setError(maxFilesMessage);
      return;
    }
    for (const file of chosen) {
      const refusal = await checkFile(file, FILE_RULES.chat);
      if (refusal) {
        setError(refusal);
        return;
      }
    }
    setError(null);
    setFiles((list) => [...list, ...chosen].slice(0, CHAT.maxFiles));
  };

  const submit = handleSubmit(async ({ message: sentText }) => {
    if (disabled || sending) return;
    if (!sentText.trim() && files.length === 0) return;
    setSending(true);
    onStopTyping();
    const sentFiles = files;
    try {
      await onSend(sentText, sentFiles);
      // Only what was sent goes: what was typed or attached while it was on its way stays for the next message.
      const now = getValues('message');
      setValue('message', now.startsWith(sentText) ? now.slice(sentText.length).trimStart() : now);
      setFiles((list) => list.filter((f) => !sentFiles.includes(f)));
      setError(null);
    } catch (err) {
      // The text refused (too long) is said under it; an upload the server refused (no space left, too much
      // sent lately, disk full) says why beside the files. The draft stays either way.
      const refusedText = isApiError(err) ? err.firstError('message') : undefined;
      if (refusedText)
        setFieldError('message', { type: 'server', message: refusedText }, { shouldFocus: true });
      const refusal = uploadRefusal(err);
      if (refusal) setError(refusal);
      if (!refusedText) toast.error(ADMIN_MESSAGES.chatSendFailed);
    } finally {
      setSending(false);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      noValidate
      onSubmit={(event) => void submit(event)}
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
          onChange={(event) => void pick(event)}
          data-testid="chat-file-input"
        />
        <Button
          variant="outline"
          className="shrink-0 px-3"
          onClick={() => picker.current?.click()}
          disabled={disabled}
          aria-label="Attach files"
          title="Attach files"
        >
          <PaperclipIcon className="size-5" />
        </Button>
        <label htmlFor={MESSAGE_ID} className="sr-only">
          Message
        </label>
        <textarea
          id={MESSAGE_ID}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          disabled={disabled}
          placeholder="Type a message…"
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${MESSAGE_ID}-error` : undefined}
          {...register('message', { onChange: () => onKeystroke() })}
          onKeyDown={onKeyDown}
          className={cx(
            'max-h-40 min-h-11 flex-1 resize-none rounded-lg border px-3 py-2.5 text-sm text-navy-900 placeholder:text-slate-500 focus:border-copper-600 focus:ring-2 focus:ring-copper-600/30 focus:outline-none disabled:bg-slate-50',
            messageError ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <Button type="submit" className="shrink-0" disabled={disabled} loading={sending}>
          Send
        </Button>
      </div>
      {messageError && (
        <p id={`${MESSAGE_ID}-error`} className="mt-1.5 text-sm text-red-700">
          {messageError}
        </p>
      )}
    </form>
  );
}
