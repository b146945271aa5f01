import type { Readable } from 'node:stream';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { uploadJournal } from '../../db/schema/uploads';
import type { Config } from '../../config';
import { DiskGuard, statfsProbe, type DiskSpaceProbe } from './disk-guard';
import { PeriodicJob } from '../periodic-job';
import type { FileStorage } from './storage';

const SWEEP_BATCH = 100;

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The upload journal: no file reaches storage without a committed row naming its key, and the transaction that
 * stores the row owning the file deletes that journal row (`adoptUploads`). A file whose request failed is
 * removed with its row (`release`); one left by a crash is removed by the sweep once the upload deadline has
 * passed. So storage never keeps a file that no row names, even after `kill -9`.
 *
 * Claims take row locks with SKIP LOCKED, so several instances sharing the database never remove a file twice,
 * and never remove one whose adopting transaction is still open.
 */
export class UploadJournal {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    private readonly guard?: DiskGuard,
  ) {}

  /**
   * Refuses (507) when the disk holding the files is too full to take `incomingBytes` more (no check for a
   * bucket). Every write checks it; handlers call it before reading a body so a full disk costs no upload.
   */
  async assertRoom(incomingBytes = 0): Promise<void> {
    await this.guard?.assertRoom(incomingBytes);
  }

  /** Commits one journal row per key; called before the files are written. Refused when the disk is low. */
  async record(keys: string[], incomingBytes = 0): Promise<void> {
    if (keys.length === 0) return;
    await this.assertRoom(incomingBytes);
    await this.db.insert(uploadJournal).values(keys.map((key) => ({ key })));
  }

  /** Journals a key, then writes its file; a failed write leaves neither the file nor the row. */
  async put(key: string, data: Buffer | Readable, contentType: string): Promise<void> {
    await this.record([key], Buffer.isBuffer(data) ? data.length : 0);
    try {
      await this.storage.put(key, data, contentType);
    } catch (err) {
      await this.release([key]).catch(() => {});
      throw err;
    }
  }

  /** Removes a journaled file that was not adopted (so `storeVariants` can undo a half-stored image). */
  async delete(key: string): Promise<void> {
    await this.release([key]);
  }

  /**
   * Removes the files of those keys whose journal rows are still there (never adopted), then the rows.
   * Adopted keys are left alone, so this is safe to call for every key a request wrote, whatever happened.
   * Answers the keys removed.
   */
  async release(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    return this.removeClaimed(
      sql`select key from upload_journal where key = any(${sql.param(keys)}::text[]) for update skip locked`,
    );
  }

  /**
   * Removes the files and rows of journal entries older than the deadline: uploads that no request finished.
   * Answers how many were removed.
   */
  async sweep(olderThanMs: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.removeClaimed(
        sql`select key from upload_journal
             where created_at < now() - make_interval(secs => ${olderThanMs / 1000})
             order by created_at limit ${SWEEP_BATCH} for update skip locked`,
      );
      removed += keys.length;
      if (keys.length < SWEEP_BATCH) return removed;
    }
  }

  /**
   * Claims rows (locked until the end of the transaction), deletes their files, then the rows. If a file cannot
   * be deleted the transaction rolls back and the rows stay for the next sweep: a row goes only after its file.
   */
  private async removeClaimed(claim: SQL): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const res = await tx.execute<{ key: string }>(claim);
      const keys = res.rows.map((r) => r.key);
      if (keys.length === 0) return [];
      await Promise.all(keys.map((k) => this.storage.delete(k)));
      await tx.delete(uploadJournal).where(inArray(uploadJournal.key, keys));
      return keys;
    });
  }
}

export class UploadExpiredError extends Error {}

/**
 * Called inside the transaction that stores the rows owning these files: deletes their journal rows, so the
 * files stay when it commits and are removed as orphans if it rolls back. A key whose row is gone (released or
 * swept: its file is gone too) fails the transaction rather than commit a row naming a missing file.
 */
export async function adoptUploads(tx: DbOrTx, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const deleted = await tx
    .delete(uploadJournal)
    .where(inArray(uploadJournal.key, unique))
    .returning({ key: uploadJournal.key });
  if (deleted.length !== unique.length)
    throw new UploadExpiredError('An uploaded file was removed before its row was stored.');
}

/**
 * Called inside the transaction that deletes or replaces the rows naming these files: journals them as
 * abandoned (dated long past any deadline), so once it commits they go, either at once through `release`
 * after the commit or, after a crash in between, with the next sweep. If the transaction rolls back, the
 * journal rows go with it and the files stay with their rows.
 */
export async function disownUploads(tx: DbOrTx, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await tx
    .insert(uploadJournal)
    .values(unique.map((key) => ({ key, createdAt: new Date(0) })))
    .onConflictDoNothing();
}

/**
 * After the commit of a transaction that disowned these files: removes them now. A failure is logged and left
 * to the sweep, since the rows are gone already.
 */
export async function removeDisowned(
  ctx: JournalContext,
  keys: string[],
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  if (keys.length === 0) return;
  await uploadJournalOf(ctx)
    .release(keys)
    .catch((err: unknown) =>
      log?.warn(
        { err: { message: String((err as Error)?.message ?? err) }, files: keys.length },
        'files of deleted rows could not be removed yet; the journal sweep will retry',
      ),
    );
}

type JournalContext = {
  database: { db: Db };
  storage: FileStorage;
  config?: Pick<Config, 'dataDir' | 's3' | 'uploadMinFreeBytes' | 'uploadMinFreePercent'>;
  diskSpace?: DiskSpaceProbe;
};

/**
 * The journal of a running app (its database and storage). Files on local disk are guarded against filling the
 * disk (the free space of DATA_DIR, or the context's own probe); a bucket has no such guard.
 */
export function uploadJournalOf(ctx: JournalContext): UploadJournal {
  const config = ctx.config;
  const guard =
    config && !config.s3
      ? new DiskGuard(ctx.diskSpace ?? statfsProbe(config.dataDir), {
          minFreeBytes: config.uploadMinFreeBytes,
          minFreePercent: config.uploadMinFreePercent,
        })
      : undefined;
  return new UploadJournal(ctx.database.db, ctx.storage, guard);
}

export interface UploadSweeperOptions {
  /** How old a journal entry must be before its upload is given up: longer than any request may take. */
  deadlineMs: number;
  log: Log;
  /** Time between sweeps; by default half the deadline, at most five minutes. */
  intervalMs?: number;
}

/** Sweeps the journal at start-up and then periodically, on an unref'd timer (it never keeps the process up). */
export class UploadSweeper {
  private running: Promise<number> | undefined;
  private readonly job: PeriodicJob;

  constructor(
    private readonly journal: UploadJournal,
    private readonly opts: UploadSweeperOptions,
  ) {
    this.job = new PeriodicJob({
      name: 'upload journal sweep',
      run: () => this.sweep(),
      intervalMs: opts.intervalMs ?? Math.max(1000, Math.min(opts.deadlineMs / 2, 5 * 60_000)),
      log: opts.log,
    });
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
    await this.running?.catch(() => {});
  }

  /** One sweep now; concurrent calls share it. Answers how many abandoned uploads were removed. */
  sweep(): Promise<number> {
    this.running ??= this.journal
      .sweep(this.opts.deadlineMs)
      .then((removed) => {
        if (removed) this.opts.log.info({ removed }, 'removed abandoned uploads');
        return removed;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
