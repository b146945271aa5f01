import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { connectDatabase, ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './db/connection';
import { runMigrations } from './db/migrate';
import { deploymentKey } from './platform/deployment';
import { PlatformHub } from './platform/events';
import { createS3Storage, S3Storage } from './platform/files/s3-storage';
import { LocalDiskStorage, type FileStorage } from './platform/files/storage';
import { limitRules, RateLimits } from './platform/rate-limit';
import { settlesWithin } from './platform/shutdown';

export interface Runtime {
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens everything the server depends on: the database (embedded or DATABASE_URL, migrated), Redis, storage. */
export async function openRuntime(config: Config): Promise<Runtime> {
  // First: a bucket that cannot be used stops the start before the database is started.
  const storage = await openStorage(config);
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'postgres'),
      config.embeddedPgPort,
      config.embeddedPgSharedBuffersMb,
    );
    await ensureDatabase(embedded.url('postgres'), 'shop');
    url = embedded.url('shop');
  }
  const database = connectDatabase(url);
  await runMigrations(database);

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    // Redis is an accelerator, not a dependency: when it is down the API keeps answering.
    redis.on('error', () => {});
  }

  const ctx: AppContext = {
    config,
    database,
    storage,
    limits: new RateLimits(limitRules(config), redis, deploymentKey(database.url)),
    hub: new PlatformHub(),
    redis,
  };
  return {
    ctx,
    async close() {
      await endPool(database);
      redis?.disconnect();
      if (storage instanceof S3Storage) storage.close();
      await embedded?.stop().catch(() => {});
    },
  };
}

/** How long closing waits for database clients still in use: by a request the shutdown cut at its grace's end. */
const POOL_END_WAIT_MS = 3_000;

/**
 * Ends the pool; a client still checked out is not waited for past POOL_END_WAIT_MS (the embedded server's fast
 * shutdown ends its session, an external server sees it close with the process).
 */
async function endPool(database: Runtime['ctx']['database']): Promise<void> {
  await settlesWithin(database.close(), POOL_END_WAIT_MS);
}

/** The data folder's files/, or the bucket of S3_BUCKET (checked now: a wrong setting fails the start). */
async function openStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const storage = await createS3Storage(config.s3);
  try {
    await storage.verify();
  } catch (err) {
    storage.close();
    throw err;
  }
  return storage;
}

/** The built web app: WEB_DIST, or apps/web/dist found from the server's own location. */
export function findWebDist(config: Config): string | undefined {
  if (config.webDist) return config.webDist;
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.join(here, '..', '..', 'web', 'dist'),
    path.join(here, '..', '..', '..', 'apps', 'web', 'dist'),
  ]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
