import type { ChildProcess } from 'node:child_process';

/**
 * Asks `url` every `everyMs` until it answers 200, as a server `child` has just been started: resolves to the ms
 * since `started` (performance.now()). Throws when the child ends first, or after `withinMs`.
 */
export async function untilAnswers(
  url: string,
  child: ChildProcess,
  {
    withinMs,
    everyMs = 100,
    started = performance.now(),
  }: { withinMs: number; everyMs?: number; started?: number },
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the server exited (${child.exitCode ?? child.signalCode}) before it answered`);
    if (performance.now() - started > withinMs) throw new Error(`${url}: no 200 within ${withinMs / 1000} s`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
