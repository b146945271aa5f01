import { useRef } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { Dialog } from './dialog';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from './icons';
import type { AlertOptions, ConfirmOptions, DialogTone, MessageRequest } from './message-dialogs';

const tones: Record<DialogTone, { Icon: typeof InfoIcon; className: string }> = {
  success: { Icon: CheckCircleIcon, className: 'bg-emerald-50 text-emerald-700' },
  error: { Icon: AlertCircleIcon, className: 'bg-red-50 text-red-700' },
  warning: { Icon: AlertTriangleIcon, className: 'bg-amber-50 text-amber-700' },
  info: { Icon: InfoIcon, className: 'bg-navy-50 text-navy-700' },
};

/** The message or confirmation box of one request of MessageDialogsProvider. */
export function MessageDialog({
  request,
  onAnswer,
}: {
  request: MessageRequest;
  onAnswer: (confirmed: boolean) => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { kind, options } = request;
  const isConfirm = kind === 'confirm';
  // A destructive confirmation opens on Cancel: an Enter pressed out of habit does not delete.
  const destructive = isConfirm && !!(options as ConfirmOptions).destructive;
  const tone = tones[options.tone ?? (isConfirm ? 'warning' : 'info')];

  return (
    <Dialog
      open
      role="alertdialog"
      size="sm"
      title={options.title}
      description={'message' in options ? options.message : undefined}
      onClose={() => onAnswer(false)}
      initialFocusRef={destructive ? cancelRef : confirmRef}
      returnFocusTo={'returnFocusTo' in options ? options.returnFocusTo : undefined}
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
            <Button ref={cancelRef} variant="outline" onClick={() => onAnswer(false)}>
              {(options as ConfirmOptions).cancelLabel ?? 'Cancel'}
            </Button>
            <Button
              ref={confirmRef}
              variant={destructive ? 'danger' : 'primary'}
              onClick={() => onAnswer(true)}
            >
              {(options as ConfirmOptions).confirmLabel ?? 'Confirm'}
            </Button>
          </>
        ) : (
          <Button ref={confirmRef} variant="secondary" onClick={() => onAnswer(true)}>
            {(options as AlertOptions).okLabel ?? 'OK'}
          </Button>
        )
      }
    />
  );
}
