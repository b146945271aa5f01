import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  mime: string;
  ext: string;
}

const OLE_EXT: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel' };

function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a file from its bytes. The name is only consulted where bytes cannot tell formats apart
 * (plain text, and the legacy Office formats that share one container).
 */
export async function detectFileType(data: Buffer, originalName: string): Promise<DetectedType | null> {
  const ext = (originalName.split('.').pop() ?? '').toLowerCase();
  const found = await fileTypeFromBuffer(data);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      const mime = OLE_EXT[ext];
      return mime ? { mime, ext } : null;
    }
    return { mime: found.mime, ext: found.ext };
  }
  if (ext === 'txt' && data.length > 0 && looksLikeText(data)) return { mime: 'text/plain', ext: 'txt' };
  return null;
}
