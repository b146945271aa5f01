import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SERVER_MESSAGES } from '@shop/contracts';
import { AppError, badRequest, issuesToFieldErrors, tooLarge, validationFailed } from './errors';
import { sanitizeFileName } from './files/storage';

export interface UploadedFile {
  field: string;
  /** Sanitized original name, kept only as metadata. */
  filename: string;
  data: Buffer;
}

export interface MultipartRules {
  /** Per file field (a trailing `[]` or `[n]` in the part name is ignored): size and count limits. */
  files: Record<
    string,
    {
      maxBytes: number;
      maxCount: number;
      tooLargeMessage?: (name: string) => string;
      tooManyMessage?: string;
    }
  >;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

const baseField = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads a multipart request whole into memory, enforcing each file field's size and count while streaming:
 * an oversized file is refused (413) as soon as it passes the limit, before the rest is read.
 * Repeated text fields (`gallery[]`, `removed_gallery[]`) become arrays.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError(415, 'Expected a multipart/form-data request.');
  // A body that declares more than every allowed file together (plus room for the text fields) is refused before
  // a byte of it is read; a body without a length is still cut off as soon as one file passes its limit.
  const declared = Number(request.headers['content-length']);
  const budget =
    Object.values(rules.files).reduce((sum, r) => sum + r.maxBytes * r.maxCount, 0) + 1024 * 1024;
  if (Number.isFinite(declared) && declared > budget) throw tooLarge();
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const counts = new Map<string, number>();
  try {
    for await (const part of request.parts()) {
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
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > rule.maxBytes) {
            throw new AppError(413, rule.tooLargeMessage?.(filename) ?? SERVER_MESSAGES.tooLarge, {
              [name]: [rule.tooLargeMessage?.(filename) ?? SERVER_MESSAGES.tooLarge],
            });
          }
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) throw tooLarge();
        if (size === 0) continue; // an empty file input sends an empty part
        files.push({ field: name, filename, data: Buffer.concat(chunks) });
      } else {
        const value = String(part.value ?? '');
        const isList = /\[\d*\]$/.test(part.fieldname);
        const existing = fields[name];
        if (existing === undefined) fields[name] = isList ? [value] : value;
        else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    )
      throw tooLarge();
    throw badRequest();
  }
  return { fields, files };
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
