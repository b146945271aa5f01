/**
 * Lets code outside React (the API client's 401 handling, session actions) navigate through the router
 * without importing it: the app registers the router's navigate at startup.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** The history entry's state (see `SESSION_ENDED`). */
  state?: unknown;
}

type Navigate = (to: string, options?: NavigateOptions) => void | Promise<void>;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigator(fn: Navigate): void {
  navigate = fn;
}

let leaving: (pathname: string) => boolean = () => false;

/** The app registers how to tell that the page at `pathname` is being left or was left (the router's state). */
export function registerLeavingCheck(fn: (pathname: string) => boolean): void {
  leaving = fn;
}

/**
 * True once the app is leaving the page at `pathname` (a link followed: its page's code still loading, or already
 * shown while this page's last render is still on screen): work that would navigate on this page (a search box's
 * pause) stands aside instead of replacing that navigation.
 */
export function leavingPage(pathname: string): boolean {
  return leaving(pathname);
}

export async function navigateTo(to: string, options?: NavigateOptions): Promise<void> {
  await navigate(to, options);
}

/** A full page load: the whole app starts again with the new session (login and register do this). */
export function reloadTo(path: string): void {
  window.location.assign(path);
}

/** The state of the navigation to a login page after the session ended: screens with unsaved changes let it pass. */
export const SESSION_ENDED = { sessionEnded: true } as const;
