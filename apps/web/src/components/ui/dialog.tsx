import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { anyDialogOpen, dialogClosed, dialogOpened, useTopDialog } from './dialog-stack';
import { CloseIcon } from './icons';
import { DialogToasts } from './toast-item';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"], audio[controls], video[controls]';

/** A player with the browser's controls: Tab walks its buttons and sliders, which the page cannot see. */
const isPlayer = (element: Element | null) => element instanceof HTMLMediaElement && element.controls;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** 'alertdialog' for messages and confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on open; by default the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Focus goes on open to the first focusable element inside this one (a form's first field), when it has one. */
  initialFocusWithin?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  /** Escape, the close button and a click outside close it; false for a step that must be answered. */
  dismissible?: boolean;
  icon?: ReactNode;
  /** Where focus goes on close instead of back to the opener (e.g. the first field in error). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog on the native <dialog> opened with showModal(): the browser makes the rest of the page inert
 * and puts the dialog in the top layer (a dialog opened from a dialog stacks over it). Titled; focus goes in on
 * open, stays inside, and returns on close to where it came from (into the first dialog after a stacked one
 * closes; to the main content when that is gone); Escape (the dialog's cancel) closes the top one; page scroll
 * is locked. While it is the top one, the toasts are drawn in it (dialog-stack), above its backdrop.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  initialFocusRef,
  initialFocusWithin,
  size = 'md',
  dismissible = true,
  icon,
  returnFocusTo,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onTop = useTopDialog() === titleId;
  const latest = useRef({ onClose, dismissible, returnFocusTo });
  useLayoutEffect(() => {
    latest.current = { onClose, dismissible, returnFocusTo };
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // Opened with the focus nowhere (the body), it has no opener to return to.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();
    const first =
      initialFocusRef?.current ??
      initialFocusWithin?.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    first.focus();
    dialogOpened(titleId);
    document.body.classList.add('scroll-locked');
    // Escape: the browser's cancel. The dialog closes only through onClose, so React stays the source of truth.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.dismissible) latest.current.onClose();
    };
    // The browser may still close it itself (a repeated Escape after a refused cancel): follow, or reopen.
    const onNativeClose = () => {
      if (latest.current.dismissible) latest.current.onClose();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      dialogClosed(titleId);
      if (!anyDialogOpen()) document.body.classList.remove('scroll-locked');
      const target = latest.current.returnFocusTo?.() ?? opener;
      // An opener that went while the dialog was open (the row it deleted): the page's main content, not nowhere.
      if (target?.isConnected) target.focus();
      else document.getElementById('main-content')?.focus({ preventScroll: true });
    };
  }, [open, initialFocusRef, initialFocusWithin, titleId]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    // Tab cycles within the dialog (the browser would also visit its own controls).
    const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0]!;
    const last = focusables[focusables.length - 1]!;
    const active = document.activeElement;
    // Inside a player focus moves between its own controls (it stays on the element all along): the browser
    // moves it, through the controls and then on to the next element.
    if (isPlayer(active)) return;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <dialog
      ref={dialogRef}
      tabIndex={-1}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      // A press on the backdrop lands on the <dialog> itself (the panel fills it).
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'm-auto w-[calc(100%-2rem)] max-h-[calc(100dvh-2rem)] overflow-visible bg-transparent p-0 animate-fade-in backdrop:bg-navy-950/50',
        size === 'sm' && 'max-w-sm',
        size === 'md' && 'max-w-md',
        size === 'lg' && 'max-w-2xl',
      )}
    >
      <div className="relative max-h-[calc(100dvh-2rem)] w-full overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl">
        {dismissible && (
          <button
            type="button"
            onClick={onClose}
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            aria-label="Close"
          >
            <CloseIcon className="size-5" />
          </button>
        )}
        <div className={cx('flex gap-4', icon ? 'items-start' : '')}>
          {icon}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="pr-8 text-lg font-semibold text-navy-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-2 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
        </div>
        {children && <div className="mt-4">{children}</div>}
        {footer && (
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
        )}
      </div>
      {onTop && <DialogToasts />}
    </dialog>,
    document.body,
  );
}
