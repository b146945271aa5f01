import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@shop/contracts';
import { FLASH_TOAST_KEY } from './storage-keys';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  type: ToastType;
  message: string;
  title?: string;
  /** Milliseconds before it closes by itself. */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'title'>> {
  id: number;
  title?: string;
}

type ToastOptions = Omit<ToastInput, 'type' | 'message'>;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

/**
 * Shows a toast; the same text already on screen is not stacked twice (parallel failures, Strict Mode). A success
 * takes the failures on screen away: it answers the attempt the user made after them (a retry that worked), and
 * "could not be saved" beside "saved" would leave them wondering which holds.
 */
export function showToast(input: ToastInput): number {
  const same = toasts.find(
    (t) => t.type === input.type && t.message === input.message && t.title === input.title,
  );
  if (same) return same.id;
  const toast: Toast = { duration: TOAST_DURATION_MS, ...input, id: nextId++ };
  const kept = input.type === 'success' ? toasts.filter((t) => t.type !== 'error') : toasts;
  emit([...kept, toast]);
  return toast.id;
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function clearToasts(): void {
  emit([]);
}

export const toast = {
  success: (message: string, options?: ToastOptions) => showToast({ type: 'success', message, ...options }),
  error: (message: string, options?: ToastOptions) => showToast({ type: 'error', message, ...options }),
  warning: (message: string, options?: ToastOptions) => showToast({ type: 'warning', message, ...options }),
  info: (message: string, options?: ToastOptions) => showToast({ type: 'info', message, ...options }),
};

/** Keeps a toast for the next page load, for flows that end in a full reload (login, register). */
export function flashToast(input: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Without storage the toast is lost with the reload; the flow itself still works.
  }
}

/** Shows the toast kept by flashToast, once. */
export function showFlashToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_TOAST_KEY);
    sessionStorage.removeItem(FLASH_TOAST_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const input = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof input.message === 'string' && input.type) showToast(input as ToastInput);
  } catch {
    // A damaged entry is dropped.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const NO_TOASTS: readonly Toast[] = [];

/** The toasts on screen; none in server-rendered markup (a flash toast appears once the page has hydrated). */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
