import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { cutText } from '../text-input';

/**
 * Where files live. Local disk by default; an S3-compatible bucket implements the same four calls (a stream
 * becomes a multipart upload there). Keys are random and written once.
 */
export interface FileStorage {
  /** Stores bytes or a stream under a key; a failed or interrupted write leaves nothing under the key. */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a file and whatever an interrupted write to its key left behind. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
// A file being written lives at `<key>.part` until it is complete, so a key may not end like that itself.
const PARTIAL = '.part';

/** Refuses a key that could leave the storage's folder or prefix; every storage checks its keys the same way. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith(PARTIAL))
    throw new Error(`Unsafe storage key: ${key}`);
}

/** A random storage name: the original file name is kept only as metadata. */
export function randomKey(prefix: string, ext: string): string {
  return `${prefix}/${randomBytes(16).toString('hex')}${ext ? `.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase()}` : ''}`;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the real name, then renamed: a failure or a crash never leaves a half-written file under the
    // key, and what a crash leaves at `<key>.part` goes with the key's delete. Keys are written once, so the
    // partial name is never shared by two writers.
    const partial = `${file}${PARTIAL}`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(partial, data);
      else await pipeline(data, createWriteStream(partial));
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true }).catch(() => {});
      throw err;
    }
  }

  async read(key: string) {
    const file = this.resolve(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    await rm(file, { force: true });
    await rm(`${file}${PARTIAL}`, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(key))).isFile();
    } catch {
      return false;
    }
  }
}

// Control characters (C0, DEL, C1) and the invisible direction marks and overrides that make `invoice<RLO>fdp.exe`
// read as `invoiceexe.pdf`: LRM, RLM, ALM, the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069,
// and the byte order mark.
const UNSAFE_NAME_CHARS =
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"<>|:*?]/g;

/**
 * A file name safe to keep as metadata and to show: no path, no control or direction-changing characters,
 * bounded length.
 */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_NAME_CHARS, '').replace(/^\.+/, '').trim();
  return cutText(cleaned, 150) || 'file';
}

// Extensions that name the same type as the one file-type answers.
const SAME_EXTENSION: Record<string, string[]> = { jpg: ['jpeg', 'jpe'], tif: ['tiff'] };

/**
 * A sanitized name whose extension is the one of the type found in the file's bytes: `x.html` holding a PNG is
 * kept as `x.png`, `plan` as `plan.pdf`; `photo.jpeg` holding a JPEG stays as it is.
 */
export function nameForType(name: string, ext: string): string {
  const safe = sanitizeFileName(name);
  const wanted = ext.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!wanted) return safe;
  const dot = safe.lastIndexOf('.');
  const stem = dot > 0 ? safe.slice(0, dot) : safe;
  const current = dot > 0 ? safe.slice(dot + 1).toLowerCase() : '';
  if (current === wanted || SAME_EXTENSION[wanted]?.includes(current)) return safe;
  return `${cutText(stem, 150 - wanted.length - 1).replace(/[.\s]+$/, '') || 'file'}.${wanted}`;
}
