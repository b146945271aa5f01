import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileTypeFromBuffer, fileTypeFromStream, type FileTypeResult } from 'file-type';
import { startsLikeText } from '@shop/contracts';
import type { FileStorage } from './storage';

export interface DetectedType {
  mime: string;
  ext: string;
}

const OLE_EXT: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel' };
const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * Types the detector names apart that are one of the accepted types: an animated PNG is a PNG (named .png,
 * shown by every browser, its first frame read by every PNG decoder).
 */
const SAME_AS: Record<string, DetectedType> = { 'image/apng': { mime: 'image/png', ext: 'png' } };

/** What the bytes say, refined by the name where bytes cannot tell formats apart. */
async function classify(
  found: FileTypeResult | undefined,
  originalName: string,
  textSample: () => Promise<Buffer>,
): Promise<DetectedType | null> {
  const ext = (originalName.split('.').pop() ?? '').toLowerCase();
  // A file named .txt whose start is text is text, whatever format its first letters spell: a note that starts
  // with 'BM' is not a bitmap.
  if (ext === 'txt') {
    const sample = await textSample();
    if (startsLikeText(sample)) return { mime: 'text/plain', ext: 'txt' };
  }
  if (!found) return null;
  if (found.mime === 'application/x-cfb') {
    const mime = OLE_EXT[ext];
    return mime ? { mime, ext } : null;
  }
  return SAME_AS[found.mime] ?? { mime: found.mime, ext: found.ext };
}

/**
 * The type of a file from its bytes. The name is only consulted where bytes cannot tell formats apart
 * (plain text, and the legacy Office formats that share one container).
 */
export async function detectFileType(data: Buffer, originalName: string): Promise<DetectedType | null> {
  return classify(await fileTypeFromBuffer(data), originalName, async () =>
    data.subarray(0, TEXT_SAMPLE_BYTES),
  );
}

async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/**
 * The type of a stored file, by the same rules as `detectFileType`, read back from storage: only as many bytes
 * as the check needs are read. Null when the file is missing or not recognised.
 */
export async function detectStoredFileType(
  storage: FileStorage,
  key: string,
  originalName: string,
): Promise<DetectedType | null> {
  const file = await storage.read(key);
  if (!file) return null;
  let found: FileTypeResult | undefined;
  try {
    found = await fileTypeFromStream(Readable.toWeb(file.stream) as WebReadableStream<Uint8Array>);
  } finally {
    file.stream.destroy();
  }
  return classify(found, originalName, async () => {
    const again = await storage.read(key);
    return again ? readHead(again.stream, TEXT_SAMPLE_BYTES) : Buffer.alloc(0);
  });
}
