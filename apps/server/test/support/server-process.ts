import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../../scripts/lib/free-port';
import { untilAnswers } from '../../../../scripts/lib/until-answers';

export { freePort };

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM (the graceful shutdown), then SIGKILL if it is still running after the grace period. */
  stop(graceMs?: number): Promise<void>;
  /** Sends `signal` to the server's whole process group (spawned with `group: true` only). */
  signalGroup(signal: NodeJS.Signals): void;
}

/** The servers still running, each with how to end it at once. */
const running = new Map<ChildProcess, () => void>();
// A test worker that exits without its afterAll (a crash, a timeout) leaves no server behind.
process.once('exit', () => {
  for (const kill of running.values()) kill();
});

export interface SpawnOptions {
  /**
   * Starts the server as the leader of a process group of its own, as a shell starts a command in a terminal:
   * `signalGroup` then signals it and every process it started (the embedded PostgreSQL too), as Ctrl-C does.
   */
  group?: boolean;
}

/**
 * Starts the server as its own process (`src/main.ts` through tsx, so the source under test, not a stale build),
 * on 127.0.0.1 and a free port, and resolves once /readyz answers 200. `env` adds to or overrides the test
 * environment (DATABASE_URL, DATA_DIR, REDIS_URL...).
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 45_000,
): Promise<ServerProcess> {
  const proc = await spawnServerProcess(name, env);
  try {
    await untilAnswers(`${proc.url}/readyz`, proc.child, { withinMs: timeoutMs });
  } catch (err) {
    await proc.stop(1_000);
    throw new Error(`${name}: ${(err as Error).message}:\n${proc.output()}`);
  }
  return proc;
}

/** The server's process as `startServerProcess` starts it, handed back at once, while it is still starting. */
export async function spawnServerProcess(
  name: string,
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      REDIS_URL: '',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group ?? false,
  });
  // The server, or its whole group (what it started too), ended at once.
  const killAll = () => {
    try {
      process.kill(options.group ? -child.pid! : child.pid!, 'SIGKILL');
    } catch {
      // Already ended.
    }
  };
  running.set(child, killAll);
  child.once('exit', () => {
    running.delete(child);
    // A group's leader that ends leaves nothing behind it (a crash could leave PostgreSQL running).
    if (options.group) killAll();
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 50) lines.splice(0, lines.length - 50);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    name,
    port,
    url,
    child,
    output: () => lines.join('\n'),
    stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
    signalGroup(signal) {
      if (!options.group) throw new Error(`${name} was not started in a process group of its own`);
      process.kill(-child.pid!, signal);
    },
  };
  return proc;
}
