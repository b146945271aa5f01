import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

// The dialog itself (the <dialog> primitive, its focus handling, the tones) is a chunk of its own: a first visit
// needs none of it, and the provider fetches it once the page has rendered, before anything can ask a question.
const loadMessageDialog = () => import('./message-dialog');
const MessageDialog = lazy(() => loadMessageDialog().then((m) => ({ default: m.MessageDialog })));

export type DialogTone = 'success' | 'error' | 'warning' | 'info';

export interface AlertOptions {
  /** e.g. the admin spec's 'Error!' and 'Success!' */
  title: string;
  message: ReactNode;
  tone?: DialogTone;
  okLabel?: string;
  /** Where focus goes once the message is acknowledged, instead of back where it was. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  tone?: DialogTone;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  destructive?: boolean;
}

export interface MessageRequest {
  id: number;
  kind: 'alert' | 'confirm';
  options: AlertOptions | ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

interface MessageDialogs {
  /** Shows a message until it is acknowledged. */
  alert(options: AlertOptions): Promise<void>;
  /** Asks a yes/no question; resolves true when confirmed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

const DialogsContext = createContext<MessageDialogs | null>(null);

let nextRequestId = 1;

/** Message and confirmation dialogs (the back-office's 'Error!' / 'Success!' boxes), one at a time. */
export function MessageDialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<MessageRequest[]>([]);
  useEffect(() => {
    void loadMessageDialog();
  }, []);

  const enqueue = useCallback(
    (kind: MessageRequest['kind'], options: MessageRequest['options']) =>
      new Promise<boolean>((resolve) =>
        setQueue((q) => [...q, { id: nextRequestId++, kind, options, resolve }]),
      ),
    [],
  );

  const api = useMemo<MessageDialogs>(
    () => ({
      alert: async (options) => {
        await enqueue('alert', options);
      },
      confirm: (options) => enqueue('confirm', options),
    }),
    [enqueue],
  );

  const current = queue[0];
  const answer = (confirmed: boolean) => {
    current?.resolve(confirmed);
    setQueue((q) => q.slice(1));
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <MessageDialog key={current.id} request={current} onAnswer={answer} />
        </Suspense>
      )}
    </DialogsContext.Provider>
  );
}

export function useMessageDialogs(): MessageDialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useMessageDialogs needs a MessageDialogsProvider');
  return dialogs;
}

/** The first field of the page marked in error (aria-invalid), where focus goes after a 'Validation Error' message. */
export function firstFieldInError(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[aria-invalid="true"]');
}
