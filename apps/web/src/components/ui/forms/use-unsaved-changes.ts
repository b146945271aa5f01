import { useCallback, useEffect, useRef } from 'react';
import { useUnsavedChangesGuard, type GuardedForm } from './unsaved-changes-provider';

export { UNSAVED_CHANGES } from './unsaved-changes-provider';

/**
 * While `dirty`, leaving asks first: a link, Back or a typed address inside the app opens a confirmation (the
 * app's one blocker, UnsavedChangesProvider, asking once however many forms hold the page); a reload, closing the
 * tab or another site gets the browser's own question (`beforeunload`). The login page opened by an ended session
 * is let through: nothing could be saved. `confirmDiscard` asks the same before a dialog holding the changes
 * closes; `release` lets the next navigation through as far as this form goes (the one that follows a save, in
 * the same tick, while the form still counts as changed).
 */
export function useUnsavedChanges(dirty: boolean): {
  confirmDiscard: () => Promise<boolean>;
  release: () => void;
} {
  const { register, ask } = useUnsavedChangesGuard();
  const form = useRef<GuardedForm>({ dirty, released: false });
  useEffect(() => register(form.current), [register]);
  useEffect(() => {
    form.current.dirty = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmDiscard = useCallback(() => (dirty ? ask() : Promise.resolve(true)), [dirty, ask]);
  const release = useCallback(() => {
    form.current.released = true;
  }, []);
  return { confirmDiscard, release };
}
