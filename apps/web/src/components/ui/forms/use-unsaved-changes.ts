import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { SESSION_ENDED } from '../../../lib/navigation';
import { useMessageDialogs } from '../message-dialogs';

export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  message: 'Your changes have not been saved. If you leave now, they are lost.',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/** The navigation to a login page that follows an ended session (see `SESSION_ENDED`). */
function endsSession(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<typeof SESSION_ENDED>).sessionEnded === SESSION_ENDED.sessionEnded
  );
}

/**
 * While `dirty`, leaving asks first: a link, Back or a typed address inside the app opens a confirmation (React
 * Router's blocker and a message dialog); a reload, closing the tab or another site gets the browser's own
 * question (`beforeunload`). The login page opened by an ended session is let through: nothing could be saved.
 * `confirmDiscard` asks the same before a dialog holding the changes closes; `release` lets the next navigation
 * through (the one that follows a save, in the same tick, while the form still counts as changed).
 */
export function useUnsavedChanges(dirty: boolean): {
  confirmDiscard: () => Promise<boolean>;
  release: () => void;
} {
  const dialogs = useMessageDialogs();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      !endsSession(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const ask = useCallback(
    () =>
      dialogs.confirm({
        title: UNSAVED_CHANGES.title,
        message: UNSAVED_CHANGES.message,
        confirmLabel: UNSAVED_CHANGES.leave,
        cancelLabel: UNSAVED_CHANGES.stay,
        destructive: true,
      }),
    [dialogs],
  );

  // Each blocked navigation is a blocker object of its own, and each is asked about. Its state alone would not do:
  // the router's updates render as transitions, so a navigation blocked again before the answer to the last one
  // was rendered ('Stay', then Back at once) would leave the state at 'blocked' and never ask.
  const blocked = blocker.state === 'blocked' ? blocker : null;
  const latestBlocker = useRef(blocker);
  useEffect(() => {
    latestBlocker.current = blocker;
  });
  useEffect(() => {
    if (!blocked) return;
    void ask().then((leave) => {
      // Answered for a navigation that is no longer the one held (a newer one has its own question).
      if (latestBlocker.current !== blocked) return;
      if (leave) blocked.proceed();
      else blocked.reset();
    });
  }, [blocked, ask]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmDiscard = useCallback(() => (dirty ? ask() : Promise.resolve(true)), [dirty, ask]);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { confirmDiscard, release };
}
