/**
 * HAProxy in front of server instances, as a child process (not a daemon) with a configuration generated from
 * deploy/haproxy.cfg: its `bind`, `server` and `stats socket` lines are rewritten for ports chosen at run time, the
 * rest (health checks on /readyz, WebSocket tunnels, X-Forwarded-For, the realtime cookie) is the shipped file.
 * Used by `npm run scale-out` and the scale-out test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'haproxy.cfg');

export interface BalancerOptions {
  host: string;
  port: number;
  /** The instances, in order: named app1, app2... in HAProxy. */
  upstreams: { host: string; port: number }[];
  /** Health-check interval (2 s in the shipped file). */
  checkIntervalMs?: number;
  /**
   * For tests only: a request carrying `X-Shop-Instance: appN` goes to instance N (while it is up), and every
   * answer names the instance that gave it in the same header.
   */
  pinHeader?: boolean;
}

export function haproxyBinary(): string | undefined {
  const candidates = [process.env.HAPROXY, 'haproxy', '/usr/sbin/haproxy'].filter(Boolean) as string[];
  return candidates.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
}

/** The shipped configuration with this run's addresses. */
export function renderConfig(template: string, opts: BalancerOptions, statsSocket: string): string {
  const names = opts.upstreams.map((_, i) => `app${i + 1}`);
  const out: string[] = [];
  let backend: string | undefined;
  let serversWritten = false;
  for (const line of template.split('\n')) {
    const trimmed = line.trim();
    const indent = line.slice(0, line.length - line.trimStart().length);
    if (/^\S/.test(line)) {
      backend = trimmed.startsWith('backend ') ? trimmed.split(/\s+/)[1] : undefined;
      serversWritten = false;
    }
    if (trimmed.startsWith('bind ')) {
      out.push(`${indent}bind ${opts.host}:${opts.port}`);
    } else if (trimmed.startsWith('stats socket ')) {
      out.push(`${indent}stats socket ${statsSocket} mode 600 level admin`);
    } else if (trimmed.startsWith('default-server ') && opts.checkIntervalMs) {
      out.push(`${indent}default-server inter ${opts.checkIntervalMs}ms fall 2 rise 2`);
    } else if (backend && trimmed.startsWith('server ')) {
      if (serversWritten) continue;
      serversWritten = true;
      const cookie = /\scookie\s/.test(trimmed);
      if (opts.pinHeader) {
        out.push(`${indent}http-response set-header X-Shop-Instance %[srv_name]`);
        for (const name of names)
          out.push(`${indent}use-server ${name} if { req.hdr(x-shop-instance) -m str ${name} }`);
      }
      opts.upstreams.forEach((u, i) =>
        out.push(
          `${indent}server ${names[i]} ${u.host}:${u.port} check${cookie ? ` cookie ${names[i]}` : ''}`,
        ),
      );
    } else out.push(line);
  }
  return out.join('\n');
}

export interface Balancer {
  url: string;
  port: number;
  /** The generated configuration, for failure messages. */
  config: string;
  /** The last lines HAProxy wrote. */
  output(): string;
  /** Sends an admin command over the stats socket (e.g. `set server app/app1 state drain`). */
  admin(command: string): Promise<string>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts HAProxy in the foreground and resolves once it accepts connections. */
export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  const bin = haproxyBinary();
  if (!bin)
    throw new Error('HAProxy is not installed (apt-get install haproxy), or set HAPROXY to its path.');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-haproxy-'));
  const statsSocket = path.join(dir, 'admin.sock');
  const config = renderConfig(await readFile(HAPROXY_CONFIG, 'utf8'), opts, statsSocket);
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, config);

  // -db: stay in the foreground, no daemon; -Ws would add a master process, which a test does not need.
  const child: ChildProcess = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 100) lines.splice(0, lines.length - 100);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`HAProxy exited (${child.exitCode ?? child.signalCode}):\n${lines.join('\n')}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(opts.port, opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not listen within 15 s:\n${lines.join('\n')}`);
    }
    await sleep(100);
  }

  return {
    url: `http://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${opts.port}`,
    port: opts.port,
    config,
    output: () => lines.join('\n'),
    admin: (command) =>
      new Promise((resolve, reject) => {
        const socket = net.connect(statsSocket);
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.end(`${command}\n`);
      }),
    stop,
  };
}
