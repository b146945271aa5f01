import { useEffect, useRef, useState } from 'react';
import { dismissToast, getToasts, useToasts, type Toast, type ToastType } from '../../lib/toast';
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

/**
 * One toast: its icon, text and close button; held open while hovered or focused. A quiet one (shown again
 * elsewhere after it was announced) is no alert.
 */
export function ToastItem({ toast, quiet = false }: { toast: Toast; quiet?: boolean }) {
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
      <div role={toast.type === 'error' && !quiet ? 'alert' : undefined} className="min-w-0 flex-1 text-sm">
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

/** The toasts already announced in a live region: shown again elsewhere, they are not read out again. */
const announced = new Set<number>();

type Place = 'live' | 'quiet';

/** Where each toast shown goes: kept for the ones already placed, decided for new ones; null when nothing changed. */
function placeToasts(placed: ReadonlyMap<number, Place>, toasts: readonly Toast[], ready: boolean) {
  const next = new Map<number, Place>();
  for (const t of toasts) {
    const place = placed.get(t.id) ?? (announced.has(t.id) ? 'quiet' : ready ? 'live' : undefined);
    if (place) next.set(t.id, place);
  }
  const same = next.size === placed.size && [...next].every(([id, place]) => placed.get(id) === place);
  return same ? null : next;
}

/**
 * The toasts of one place (the page, or the topmost dialog): the ones it shows first, in the live region that is
 * there before them, so a screen reader reads each once; the ones already read out elsewhere (on the page before
 * a dialog opened, in the dialog before it closed), in a list of their own outside it, as no alerts. A toast keeps
 * its list for as long as it is shown here. One that comes with the lists themselves waits a moment (a timer
 * after their first commit), so the live region is in the page before it arrives.
 */
function ToastLists({ toasts }: { toasts: readonly Toast[] }) {
  const [ready, setReady] = useState(false);
  const [placed, setPlaced] = useState<ReadonlyMap<number, Place>>(new Map());
  const changed = placeToasts(placed, toasts, ready);
  if (changed) setPlaced(changed);
  const current = changed ?? placed;
  const quiet = toasts.filter((t) => current.get(t.id) === 'quiet');
  const live = toasts.filter((t) => current.get(t.id) === 'live');
  // The live region is in the page a moment before its first toast.
  useEffect(() => {
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    for (const t of live) announced.add(t.id);
    for (const id of announced) if (!getToasts().some((t) => t.id === id)) announced.delete(id);
  });
  return (
    <>
      {quiet.length > 0 && (
        <ol className="toast-list" aria-label="Earlier messages">
          {quiet.map((t) => (
            <ToastItem key={t.id} toast={t} quiet />
          ))}
        </ol>
      )}
      <div aria-live="polite" aria-relevant="additions text" className="w-full max-w-sm">
        <ol className="toast-list" aria-label="Messages">
          {live.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </ol>
      </div>
    </>
  );
}

/** The page's toasts, but none while a modal dialog is open: the topmost dialog shows them (DialogToasts). */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  const dialog = useTopDialog();
  return dialog ? null : <ToastLists toasts={toasts} />;
}

/**
 * The toasts inside the topmost modal dialog, in lists of their own. The dialog covers the page with its backdrop
 * and makes the rest of it inert: a toast left outside would be dimmed, could not be dismissed, and would not be
 * announced. The live region is there as soon as the dialog is the topmost, so a toast raised then is announced.
 */
export function DialogToasts() {
  const toasts = useToasts();
  return (
    <ToastRegion>
      <ToastLists toasts={toasts} />
    </ToastRegion>
  );
}
