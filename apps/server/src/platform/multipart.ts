import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { SERVER_MESSAGES, UPLOAD_LIMITS } from '@shop/contracts';
import {
  AppError,
  badRequest,
  isMultipartLimitError,
  issuesToFieldErrors,
  tooLarge,
  validationFailed,
} from './errors';
import { randomKey, sanitizeFileName } from './files/storage';
import type { UploadJournal } from './files/upload-journal';
import { loggableError } from './log-redaction';
import { hasUnstorableText, unstorableTextErrors } from './text-input';

/**
 * Makes the routes of a module that takes uploads read multipart/form-data (@fastify/multipart). Registered in
 * that module's own scope, not the app's: the plugin adds hooks to every request of its scope (a listener on
 * each response's close, a clean-up after each response) that the rest of the API, the pages and the static
 * files have no use for, and any other route refuses a multipart body (415) instead of accepting its parsing.
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.designFileBytes,
      files: 20,
      fields: 50,
      fieldSize: 64 * 1024,
      parts: 80,
    },
  });
}

/** A file read into memory. */
export interface UploadedFile {
  field: string;
  /** Sanitized original name, kept only as metadata. */
  filename: string;
  data: Buffer;
}

/**
 * A file streamed into storage as it arrived, under a random journaled key. The handler adopts it in the
 * transaction that stores its row (`adoptUploads`); otherwise it is removed when the handler is done.
 */
export interface StoredFile {
  field: string;
  /** Sanitized original name, kept only as metadata. */
  filename: string;
  key: string;
  size: number;
}

export interface FileRule {
  maxBytes: number;
  maxCount: number;
  tooLargeMessage?: (name: string) => string;
  tooManyMessage?: string;
  /**
   * Streams the file into storage under this key prefix while the body arrives (see `withMultipart`), instead
   * of keeping it in memory. For files kept as they are; images that are re-encoded are read into memory.
   */
  storeUnder?: string;
}

export interface MultipartRules {
  /** Per file field (a trailing `[]` or `[n]` in the part name is ignored): size and count limits. */
  files: Record<string, FileRule>;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  /** Files read into memory. */
  files: UploadedFile[];
  /** Files streamed into storage (fields with `storeUnder`). */
  stored: StoredFile[];
}

const baseField = (name: string) => name.replace(/\[\d*\]$/, '');

// Room for the text fields and the multipart framing, beyond the files themselves.
const TEXT_ROOM_BYTES = 1024 * 1024;

/** The most a body may carry: every allowed file at its largest, and the text fields. */
const budgetOf = (rules: MultipartRules) =>
  Object.values(rules.files).reduce((sum, r) => sum + r.maxBytes * r.maxCount, 0) + TEXT_ROOM_BYTES;

/** A failure of the server's own storage or database while a file was stored: not the client's fault. */
class StorageFault extends Error {
  constructor(readonly fault: unknown) {
    super('storing an upload failed');
  }
}

/**
 * Streams one file part into storage through the journal, enforcing its size limit on the way. Answers null for
 * an empty part (an empty file input), which stores nothing.
 */
async function storePart(
  journal: UploadJournal,
  file: Readable,
  prefix: string,
  maxBytes: number,
  tooBig: () => AppError,
): Promise<{ key: string; size: number } | null> {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return null;
  let size = 0;
  let sourceError: unknown;
  async function* limited() {
    try {
      for (let chunk = first; !chunk.done; chunk = await chunks.next()) {
        size += chunk.value.length;
        if (size > maxBytes) throw tooBig();
        yield chunk.value;
      }
    } catch (err) {
      sourceError = err;
      throw err;
    }
  }
  const key = randomKey(prefix, '');
  try {
    await journal.put(key, Readable.from(limited()), 'application/octet-stream');
  } catch (err) {
    file.destroy();
    if (sourceError !== undefined) throw sourceError;
    throw new StorageFault(err);
  }
  return { key, size };
}

async function readBody(
  request: FastifyRequest,
  rules: MultipartRules,
  journal: UploadJournal | undefined,
): Promise<MultipartBody> {
  if (!journal && Object.values(rules.files).some((r) => r.storeUnder))
    throw new Error('Files streamed into storage are read with withMultipart.');
  if (!request.isMultipart()) throw new AppError(415, 'Expected a multipart/form-data request.');
  // A body that declares more than every allowed file together (plus room for the text fields) is refused before
  // a byte of it is read; any other body (chunked, or lying about its length) is counted as it streams and
  // refused as soon as it passes the same budget.
  const budget = budgetOf(rules);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > budget) throw tooLarge();

  const raw = request.raw;
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const stored: StoredFile[] = [];
  const counts = new Map<string, number>();

  // The file part being read, so that passing the budget can interrupt it.
  let current: Readable | undefined;
  let overflowed: AppError | undefined;
  let signalOverflow: (err: AppError) => void = () => {};
  const overflow = new Promise<never>((_, reject) => (signalOverflow = reject));
  overflow.catch(() => {});
  let received = 0;
  const countBytes = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= budget || overflowed) return;
    overflowed = tooLarge();
    raw.off('data', countBytes);
    raw.unpipe();
    raw.pause();
    current?.destroy(overflowed);
    signalOverflow(overflowed);
  };

  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    // The first step starts the parser, which pipes the body into itself; the counter listens beside it.
    let next = parts.next();
    raw.on('data', countBytes);
    for (;;) {
      const { value: part, done } = await Promise.race([next, overflow]);
      if (done) break;
      const name = baseField(part.fieldname);
      if (part.type === 'file') {
        const rule = rules.files[name];
        if (!rule) {
          part.file.resume();
          throw badRequest(`Unexpected file field ${name}.`);
        }
        const count = (counts.get(name) ?? 0) + 1;
        counts.set(name, count);
        const filename = sanitizeFileName(part.filename);
        if (count > rule.maxCount) {
          part.file.resume();
          throw validationFailed({
            [name]: [rule.tooManyMessage ?? `At most ${rule.maxCount} files are allowed.`],
          });
        }
        const tooBig = () => {
          const message = rule.tooLargeMessage?.(filename) ?? SERVER_MESSAGES.tooLarge;
          return new AppError(413, message, { [name]: [message] });
        };
        current = part.file;
        if (rule.storeUnder && journal) {
          const file = await storePart(journal, part.file, rule.storeUnder, rule.maxBytes, tooBig);
          if (file) stored.push({ field: name, filename, ...file });
        } else {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file) {
            size += (chunk as Buffer).length;
            if (size > rule.maxBytes) throw tooBig();
            chunks.push(chunk as Buffer);
          }
          // An empty file input sends an empty part.
          if (size > 0) files.push({ field: name, filename, data: Buffer.concat(chunks) });
        }
        current = undefined;
        if (part.file.truncated) throw tooLarge();
      } else {
        const value = String(part.value ?? '');
        if (hasUnstorableText(value)) throw validationFailed(unstorableTextErrors([name]));
        const isList = /\[\d*\]$/.test(part.fieldname);
        const existing = fields[name];
        if (existing === undefined) fields[name] = isList ? [value] : value;
        else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      next = parts.next();
    }
    if (overflowed) throw overflowed;
  } catch (err) {
    if (stored.length && journal) await releaseStored(request, journal, stored);
    if (err instanceof StorageFault) throw err.fault;
    if (err instanceof AppError) throw err;
    throw isMultipartLimitError(err) ? tooLarge() : badRequest();
  } finally {
    raw.off('data', countBytes);
  }
  return { fields, files, stored };
}

async function releaseStored(request: FastifyRequest, journal: UploadJournal, stored: StoredFile[]) {
  await journal
    .release(stored.map((f) => f.key))
    .catch((err: unknown) =>
      request.log.warn({ err: loggableError(err) }, 'uploads left for the journal sweep'),
    );
}

/**
 * Reads a multipart request whole into memory, enforcing each file field's size and count and the body's total
 * while streaming: an oversized file or body is refused (413) as soon as it passes its limit, before the rest is
 * read. Repeated text fields (`gallery[]`, `removed_gallery[]`) become arrays.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  return readBody(request, rules, undefined);
}

/**
 * Reads a multipart request like `readMultipart`, streaming the files of `storeUnder` fields into storage
 * through the upload journal, and hands the body to `handle`. Whatever happens, the stored files that `handle`
 * did not adopt (in the transaction that stores their rows) are removed when it is done.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  rules: MultipartRules,
  journal: UploadJournal,
  handle: (body: MultipartBody) => Promise<T>,
): Promise<T> {
  const body = await readBody(request, rules, journal);
  try {
    return await handle(body);
  } finally {
    if (body.stored.length) await releaseStored(request, journal, body.stored);
  }
}

/** Validates a value against a contract schema, answering 422 with per-field errors. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    issuesToFieldErrors(
      parsed.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message })),
    ),
  );
}
