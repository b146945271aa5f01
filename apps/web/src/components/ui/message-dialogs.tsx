import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { Dialog } from './dialog';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from './icons';

export type DialogTone = 'success' | 'error' | 'warning' | 'info';

export interface AlertOptions {
  /** e.g. the admin spec's 'Error!' and 'Success!' */
  title: string;
  message: ReactNode;
  tone?: DialogTone;
  okLabel?: string;
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

interface Request {
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

const tones: Record<DialogTone, { Icon: typeof InfoIcon; className: string }> = {
  success: { Icon: CheckCircleIcon, className: 'bg-emerald-50 text-emerald-700' },
  error: { Icon: AlertCircleIcon, className: 'bg-red-50 text-red-700' },
  warning: { Icon: AlertTriangleIcon, className: 'bg-amber-50 text-amber-700' },
  info: { Icon: InfoIcon, className: 'bg-navy-50 text-navy-700' },
};

/** Message and confirmation dialogs (the back-office's 'Error!' / 'Success!' boxes), one at a time. */
export function MessageDialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const enqueue = useCallback(
    (kind: Request['kind'], options: Request['options']) =>
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

  const tone = current
    ? tones[current.options.tone ?? (current.kind === 'confirm' ? 'warning' : 'info')]
    : null;
  const isConfirm = current?.kind === 'confirm';
  const options = current?.options;

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current && options && tone && (
        <Dialog
          key={current.id}
          open
          role="alertdialog"
          size="sm"
          title={options.title}
          description={'message' in options ? options.message : undefined}
          onClose={() => answer(false)}
          initialFocusRef={confirmRef}
          icon={
            <span
              className={cx('flex size-10 shrink-0 items-center justify-center rounded-full', tone.className)}
            >
              <tone.Icon className="size-5" />
            </span>
          }
          footer={
            isConfirm ? (
              <>
                <Button variant="outline" onClick={() => answer(false)}>
                  {(options as ConfirmOptions).cancelLabel ?? 'Cancel'}
                </Button>
                <Button
                  ref={confirmRef}
                  variant={(options as ConfirmOptions).destructive ? 'danger' : 'primary'}
                  onClick={() => answer(true)}
                >
                  {(options as ConfirmOptions).confirmLabel ?? 'Confirm'}
                </Button>
              </>
            ) : (
              <Button ref={confirmRef} variant="secondary" onClick={() => answer(true)}>
                {(options as AlertOptions).okLabel ?? 'OK'}
              </Button>
            )
          }
        />
      )}
    </DialogsContext.Provider>
  );
}

export function useMessageDialogs(): MessageDialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useMessageDialogs needs a MessageDialogsProvider');
  return dialogs;
}
