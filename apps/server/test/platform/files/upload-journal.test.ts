import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config';
import { uploadJournal } from '../../../src/db/schema/uploads';
import { randomKey } from '../../../src/platform/files/storage';
import {
  adoptUploads,
  disownUploads,
  removeDisowned,
  UploadExpiredError,
  UploadJournal,
  UploadSweeper,
} from '../../../src/platform/files/upload-journal';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let journal: UploadJournal;
beforeAll(async () => {
  t = await createTestApp();
  journal = new UploadJournal(t.ctx.database.db, t.ctx.storage);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const journaled = async () => (await db().select().from(uploadJournal)).map((r) => r.key).sort();
const exists = (key: string) => t.ctx.storage.exists(key);

/** Journals and writes a file, as an upload does, and ages its journal entry. */
async function upload(ageSeconds = 0): Promise<string> {
  const key = randomKey('journal-test', '');
  await journal.put(key, Buffer.from(`bytes of ${key}`), 'application/octet-stream');
  if (ageSeconds)
    await db().execute(
      sql`update upload_journal set created_at = now() - make_interval(secs => ${ageSeconds}) where key = ${key}`,
    );
  return key;
}

describe('the upload journal', () => {
  it('journals a file before it is written and removes both when the write fails', async () => {
    const key = randomKey('journal-test', '');
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(journal.put(key, failing, 'application/pdf')).rejects.toThrow('client went away');
    expect(await exists(key)).toBe(false);
    expect(await journaled()).not.toContain(key);
  });

  it('keeps an adopted file: the owning transaction deletes its journal row', async () => {
    const key = await upload();
    expect(await journaled()).toContain(key);
    await db().transaction((tx) => adoptUploads(tx, [key]));
    expect(await journaled()).not.toContain(key);
    // Neither releasing nor sweeping touches a file once a row owns it.
    expect(await journal.release([key])).toEqual([]);
    await journal.sweep(0);
    expect(await exists(key)).toBe(true);
  });

  it('leaves a file journaled when the adopting transaction rolls back, so its release removes it', async () => {
    const key = await upload();
    await expect(
      db().transaction(async (tx) => {
        await adoptUploads(tx, [key]);
        throw new Error('the row could not be stored');
      }),
    ).rejects.toThrow('the row could not be stored');
    expect(await journaled()).toContain(key);
    expect(await journal.release([key])).toEqual([key]);
    expect(await exists(key)).toBe(false);
    expect(await journaled()).not.toContain(key);
  });

  it('refuses to adopt a file that was already removed, failing the owning transaction', async () => {
    const key = await upload();
    await journal.release([key]);
    await expect(db().transaction((tx) => adoptUploads(tx, [key]))).rejects.toBeInstanceOf(
      UploadExpiredError,
    );
  });

  it('disowns the files of deleted rows: kept if the deletion rolls back, removed after it commits', async () => {
    const kept = await upload();
    const removed = await upload();
    const orphaned = await upload();
    await db().transaction((tx) => adoptUploads(tx, [kept, removed, orphaned]));

    // A deletion that rolls back leaves the file with its row, and nothing journaled.
    await expect(
      db().transaction(async (tx) => {
        await disownUploads(tx, [kept]);
        throw new Error('the row could not be deleted');
      }),
    ).rejects.toThrow('the row could not be deleted');
    await journal.sweep(60_000);
    expect(await exists(kept)).toBe(true);
    expect(await journaled()).not.toContain(kept);

    // Committed, then removed at once.
    await db().transaction((tx) => disownUploads(tx, [removed]));
    await removeDisowned(t.ctx, [removed]);
    expect(await exists(removed)).toBe(false);
    expect(await journaled()).not.toContain(removed);

    // Committed, then the process died before removing it: the next sweep does, whatever its deadline.
    await db().transaction((tx) => disownUploads(tx, [orphaned]));
    expect(await exists(orphaned)).toBe(true);
    expect(await journal.sweep(24 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect(await exists(orphaned)).toBe(false);
    expect(await journaled()).not.toContain(orphaned);
  });

  it('sweeps the files and rows of entries older than the deadline, and only those', async () => {
    const old = await upload(3600);
    const recent = await upload();
    // A write cut off by a crash leaves `<key>.part` and the journal row naming the key.
    const crashed = randomKey('journal-test', '');
    await journal.record([crashed]);
    const partial = path.join(t.dataDir, 'files', `${crashed}.part`);
    await mkdir(path.dirname(partial), { recursive: true });
    await writeFile(partial, 'half a file');
    await db().execute(
      sql`update upload_journal set created_at = now() - interval '1 hour' where key = ${crashed}`,
    );

    expect(await journal.sweep(10 * 60_000)).toBe(2);
    expect(await exists(old)).toBe(false);
    expect(await exists(recent)).toBe(true);
    await expect(stat(partial)).rejects.toThrow();
    expect(await journaled()).toEqual([recent]);
    await journal.release([recent]);
  });

  it('removes each abandoned file once when several instances sweep at the same time', async () => {
    const keys = await Promise.all(Array.from({ length: 150 }, () => upload(3600)));
    const instances = [1, 2, 3].map(() => new UploadJournal(db(), t.ctx.storage));
    const removed = await Promise.all(instances.map((j) => j.sweep(60_000)));
    expect(removed.reduce((a, b) => a + b, 0)).toBe(keys.length);
    expect(await journaled()).toEqual([]);
    for (const key of keys) expect(await exists(key)).toBe(false);
  });

  it('sweeps at start-up and then periodically until stopped', async () => {
    // The sweeper's timers are the test's: an interval passes when the test moves the clock, so "no sweep after
    // stop()" is checked by moving it past ten intervals, not by waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sweeps = vi.spyOn(journal, 'sweep');
    const log = { info: () => {}, warn: () => {} };
    const sweeper = new UploadSweeper(journal, { deadlineMs: 1000, intervalMs: 100, log });
    try {
      const first = await upload(3600);
      sweeper.start();
      expect(sweeps).toHaveBeenCalledTimes(1);
      await sweeps.mock.results[0]!.value;
      expect(await exists(first)).toBe(false);

      const second = await upload(3600);
      await vi.advanceTimersByTimeAsync(99);
      expect(sweeps).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sweeps).toHaveBeenCalledTimes(2);
      await sweeps.mock.results[1]!.value;
      expect(await exists(second)).toBe(false);

      await sweeper.stop();
      const afterStop = await upload(3600);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sweeps).toHaveBeenCalledTimes(2);
      expect(await exists(afterStop)).toBe(true);
      await journal.release([afterStop]);
    } finally {
      await sweeper.stop();
      sweeps.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('the upload deadline', () => {
  it('defaults to the request timeout plus five minutes, and is never shorter than the request timeout', () => {
    expect(loadConfig({}).uploadDeadlineMs).toBe((300 + 300) * 1000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '60' }).uploadDeadlineMs).toBe(360_000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_DEADLINE_SECONDS: '2' })).toMatchObject({
      requestTimeoutMs: 1000,
      uploadDeadlineMs: 2000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '60', UPLOAD_DEADLINE_SECONDS: '30' })).toThrow(
      /UPLOAD_DEADLINE_SECONDS/,
    );
  });
});
