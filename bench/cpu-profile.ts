/**
 * Reads a V8 CPU profile (a `.cpuprofile` file, as `node --cpu-prof` writes it) and sums each function's own time
 * (its samples, not its callees') within given windows of the monotonic clock. Node's profile timestamps and
 * `process.hrtime` read the same clock (CLOCK_MONOTONIC), so a benchmark marks its measured runs with
 * `monotonicMicros()` and asks this for those runs only: start-up, warm-up and shutdown are left out.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the clock of V8's CPU profiles, in µs. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A function as the tables name it: its name (or "(anonymous)"), its file's base name and line. */
function functionKey({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url.slice(url.lastIndexOf('/') + 1);
  return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName || '(anonymous)';
}

/**
 * Each function's own time in µs within the windows (`[start, end]` in µs of the monotonic clock), and the time
 * sampled in them; the profiler's pseudo-functions count too: "(garbage collector)", "(idle)", "(program)".
 */
export function selfTimes(
  file: string,
  windows: [number, number][],
): { byFunction: Map<string, number>; sampled: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const keys = new Map(profile.nodes.map((n) => [n.id, functionKey(n.callFrame)]));
  const byFunction = new Map<string, number>();
  let sampled = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const next = i + 1 < profile.samples.length ? at + profile.timeDeltas[i + 1]! : profile.endTime;
    if (!windows.some(([start, end]) => at >= start && at < end)) continue;
    const key = keys.get(profile.samples[i]!)!;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (next - at));
    sampled += next - at;
  }
  return { byFunction, sampled };
}
