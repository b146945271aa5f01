import { useSyncExternalStore } from 'react';

/**
 * Unread counts shown by the layouts' badges. The chat and notifications features own the numbers and
 * write them here; the layouts only read them, so neither side imports the other.
 */
export type UnreadKind = 'chat' | 'notifications';

let counts: Readonly<Record<UnreadKind, number>> = { chat: 0, notifications: 0 };
const listeners = new Set<() => void>();

export function setUnreadCount(kind: UnreadKind, value: number): void {
  // The count never goes below 0 (specs, section 4).
  const next = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  if (counts[kind] === next) return;
  counts = { ...counts, [kind]: next };
  listeners.forEach((l) => l());
}

export function getUnreadCount(kind: UnreadKind): number {
  return counts[kind];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUnreadCount(kind: UnreadKind): number {
  return useSyncExternalStore(subscribe, () => counts[kind]);
}
