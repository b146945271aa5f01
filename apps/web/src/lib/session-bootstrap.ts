import { REQUEST_FAILURE_MESSAGES } from '@shop/contracts';
import { failureMessage, isApiError } from './api-error';
import { queryClient } from './query-client';
import { profileQuery, sessionStore } from './sessions';
import { tokenStorageKey, type SessionKind } from './storage-keys';

/**
 * Reads the session's account into its query. A 401 (the session ended) or a 403 (the account was deactivated)
 * ends it, and so does any failure to read the admin (admin spec: "Failing to fetch the admin profile clears the
 * session"); any other failure to read the customer (no answer, a timeout, a 5xx) keeps the token to be read again
 * later, and answers why, in the words the rest of the app uses.
 */
export async function loadProfile(kind: SessionKind): Promise<{ unreachable: string } | undefined> {
  const store = sessionStore(kind);
  const { token } = store.getState();
  if (!token) return undefined;
  try {
    await queryClient.fetchQuery(profileQuery(kind, token));
  } catch (error) {
    // Ended meanwhile (signed out, or in another tab): nothing to tell.
    if (store.getState().token !== token) return undefined;
    if (kind === 'admin' || (isApiError(error) && (error.status === 401 || error.status === 403))) {
      store.clear();
      return undefined;
    }
    console.warn('Could not load the signed-in customer', error);
    return { unreachable: failureMessage(error, REQUEST_FAILURE_MESSAGES.serverError) };
  }
}

/** The session's token as this browser's storage has it now, and its account. */
function follow(kind: SessionKind) {
  sessionStore(kind).hydrate();
  return loadProfile(kind);
}

const KINDS = ['customer', 'admin'] as const;
let listening = false;

/** Startup: both sessions are known before the first render, so route guards can decide at once. */
export async function initSessions(): Promise<void> {
  await Promise.all(KINDS.map(follow));
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    // Logging in or out in another tab changes the shared storage; follow it instead of using a dead token.
    window.addEventListener('storage', (event) => {
      for (const kind of KINDS)
        if (event.key === tokenStorageKey(kind) || event.key === null) void follow(kind);
    });
  }
}
