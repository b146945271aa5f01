import { useSyncExternalStore } from 'react';

/**
 * The conversation open on the chat screen (its user_id), or null. The unread badge reads it so a message
 * arriving in the open conversation does not count as unread. Leaving the chat route clears it.
 */
let active: number | null = null;
const listeners = new Set<() => void>();

export function setActiveConversation(userId: number | null): void {
  if (active === userId) return;
  active = userId;
  listeners.forEach((l) => l());
}

export function getActiveConversation(): number | null {
  return active;
}

export function useActiveConversation(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => active,
  );
}
