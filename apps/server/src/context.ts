import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { PlatformHub } from './platform/events';
import type { DiskSpaceProbe } from './platform/files/disk-guard';
import type { FileStorage } from './platform/files/storage';
import type { RateLimits } from './platform/rate-limit';

/** What services need from the running process; built once in main.ts (or by a test) and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  storage: FileStorage;
  limits: RateLimits;
  hub: PlatformHub;
  redis?: Redis;
  /** The free space of the files' disk; by default statfs of DATA_DIR (tests inject a low disk). */
  diskSpace?: DiskSpaceProbe;
}
