/**
 * Lets code outside React (the API client's 401 handling, session actions) navigate through the router
 * without importing it: the app registers the router's navigate at startup.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigator(fn: Navigate): void {
  navigate = fn;
}

export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  await navigate(to, options);
}

/** A full page load: the whole app starts again with the new session (login and register do this). */
export function reloadTo(path: string): void {
  window.location.assign(path);
}
