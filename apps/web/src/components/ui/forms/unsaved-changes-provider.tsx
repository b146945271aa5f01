import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
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
 * A form's standing with the guard, read when a navigation starts (not rendered): `dirty` as last rendered,
 * `released` once its save lets the next navigation through.
 */
export interface GuardedForm {
  dirty: boolean;
  released: boolean;
}

interface UnsavedChanges {
  /** Counts the form in until the returned function is called. */
  register: (form: GuardedForm) => () => void;
  /** The question before changes are lost: true to leave. */
  ask: () => Promise<boolean>;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/**
 * The app's one navigation guard, inside the router (its blocker needs a data router). React Router keeps one
 * blocker per router: with a blocker per form, two forms open on one page (the design's review and the proposal
 * builder) made it warn 'A router only supports one blocker at a time' and ask only the form registered last,
 * whose save then let the other's changes go. So the forms register here (`useUnsavedChanges`) and the one
 * blocker holds a navigation while any of them has changes neither saved nor released, asking once for all.
 * The blocker is there only while a form is: a page without one has none for its fragment links (the skip link)
 * to make the router warn about.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dialogs = useMessageDialogs();
  const forms = useRef(new Set<GuardedForm>());
  const [guarding, setGuarding] = useState(false);

  const register = useCallback((form: GuardedForm) => {
    forms.current.add(form);
    setGuarding(true);
    return () => {
      forms.current.delete(form);
      setGuarding(forms.current.size > 0);
    };
  }, []);
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
  const holds = useCallback(() => [...forms.current].some((form) => form.dirty && !form.released), []);
  const value = useMemo(() => ({ register, ask }), [register, ask]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      {guarding && <NavigationGuard holds={holds} ask={ask} />}
    </UnsavedChangesContext.Provider>
  );
}

/** The router's blocker: a link, Back or a typed address inside the app is held while `holds()`, and asked about. */
function NavigationGuard({ holds, ask }: { holds: () => boolean; ask: () => Promise<boolean> }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      holds() &&
      !endsSession(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [holds],
  );
  const blocker = useBlocker(shouldBlock);

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
  return null;
}

export function useUnsavedChangesGuard(): UnsavedChanges {
  const guard = useContext(UnsavedChangesContext);
  if (!guard)
    throw new Error(
      'useUnsavedChanges needs an UnsavedChangesProvider (the admin and customer layouts have it)',
    );
  return guard;
}
