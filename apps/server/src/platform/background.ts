/**
 * Work a request starts and does not wait for (so its answer takes the same time whatever that work is), still
 * tracked: a closing server and the tests wait for it with `backgroundSettled()`.
 */
const pending = new Set<Promise<void>>();

export function runInBackground(task: () => Promise<void>, onError: (err: unknown) => void): void {
  const run = Promise.resolve()
    .then(task)
    .catch(onError)
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every background task started so far (and any they started) has finished. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
