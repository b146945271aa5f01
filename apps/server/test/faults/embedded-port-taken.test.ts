import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServerProcess, type ServerProcess } from '../support/server-process';

let dir: string | undefined;
let shop: ServerProcess | undefined;
let squatter: net.Server | undefined;

afterAll(async () => {
  await shop?.stop();
  await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

describe('the embedded PostgreSQL’s port taken', () => {
  it('ends the start with exit code 1 and says which port is taken and what to set', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-port-taken-'));
    await chmod(dir, 0o755);
    // Another program (here a plain listener; on a real machine another shop's PostgreSQL) holds the port.
    const port = await freePort();
    squatter = net.createServer();
    await new Promise<void>((resolve) => squatter!.listen(port, '127.0.0.1', resolve));

    shop = await spawnServerProcess('port-taken', {
      DATABASE_URL: '',
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(port),
    });
    const code =
      shop.child.exitCode ??
      (await new Promise<number | null>((resolve) => shop!.child.once('exit', resolve)));
    expect(code, shop.output()).toBe(1);
    expect(shop.output()).toContain(`port ${port} is already in use`);
    expect(shop.output()).toContain('EMBEDDED_PG_PORT');
  }, 120_000);
});
