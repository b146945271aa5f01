import { useSyncExternalStore } from 'react';

// The modal dialogs open now (their ids), the topmost last. A modal dialog covers the page and makes the rest of it
// inert, so what must stay seen and usable while one is open (the toasts) is drawn inside the topmost.
let open: readonly string[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly string[]) {
  open = next;
  listeners.forEach((listener) => listener());
}

export function dialogOpened(dialog: string): void {
  emit([...open.filter((d) => d !== dialog), dialog]);
}

export function dialogClosed(dialog: string): void {
  if (open.includes(dialog)) emit(open.filter((d) => d !== dialog));
}

/** Whether a modal dialog is still open (the page's scroll stays locked until none is). */
export function anyDialogOpen(): boolean {
  return open.length > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The id of the topmost open modal dialog; null when none is open (and in server-rendered markup). */
export function useTopDialog(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => open.at(-1) ?? null,
    () => null,
  );
}
