import { useEffect, useRef, useState } from 'react';
import { dismissToast, useToasts, type Toast, type ToastType } from '../../lib/toast';
import { cx } from './cx';
import { useTopDialog } from './dialog-stack';
import { ToastRegion } from './toast-region';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

const styles: Record<ToastType, { box: string; icon: string; Icon: typeof InfoIcon; label: string }> = {
  success: { box: 'border-emerald-200', icon: 'text-emerald-700', Icon: CheckCircleIcon, label: 'Success' },
  error: { box: 'border-red-200', icon: 'text-red-700', Icon: AlertCircleIcon, label: 'Error' },
  warning: { box: 'border-amber-200', icon: 'text-amber-700', Icon: AlertTriangleIcon, label: 'Warning' },
  info: { box: 'border-navy-200', icon: 'text-navy-700', Icon: InfoIcon, label: 'Information' },
};

/** One toast: its icon, text and close button; held open while hovered or focused. */
export function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);

  // Hovering or focusing a toast holds it open, so it can be read or its close button reached.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  const style = styles[toast.type];
  return (
    <li
      className={cx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ring-1 ring-black/5 animate-toast-in',
        style.box,
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-toast-type={toast.type}
    >
      <style.Icon className={cx('mt-0.5 size-5 shrink-0', style.icon)} />
      {/* The alert inside the item: a list item that is an alert is no longer a list item. */}
      <div role={toast.type === 'error' ? 'alert' : undefined} className="min-w-0 flex-1 text-sm">
        <span className="sr-only">{style.label}: </span>
        {toast.title && <p className="font-semibold text-navy-900">{toast.title}</p>}
        <p className={cx('whitespace-pre-line break-words text-slate-700', toast.title && 'mt-0.5')}>
          {toast.message}
        </p>
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        aria-label="Dismiss"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/** The page's toasts, but none while a modal dialog is open: the topmost dialog shows them (DialogToasts). */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  const dialog = useTopDialog();
  return dialog ? null : toasts.map((t) => <ToastItem key={t.id} toast={t} />);
}

/**
 * The toasts inside the topmost modal dialog, in a live region of their own. The dialog covers the page with its
 * backdrop and makes the rest of it inert: a toast left outside would be dimmed, could not be dismissed, and would
 * not be announced. The region is there as soon as the dialog is the topmost, so a toast raised then is announced.
 */
export function DialogToasts() {
  const toasts = useToasts();
  return (
    <ToastRegion>
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ToastRegion>
  );
}
