import {
  ACCEPTED_TYPES,
  CHAT,
  CHAT_SERVER_MESSAGES,
  CUSTOMER_MESSAGES,
  DESIGN_SERVER_MESSAGES,
  PROFILE_MESSAGES,
  startsLikeText,
  UPLOAD_LIMITS,
} from '@shop/contracts';

/**
 * The browser's check of a picked file, before anything is sent: its first bytes must be one of the accepted
 * types (the name and the browser's guess of the type are not trusted: a renamed file is refused) and its size
 * within the limit. The server checks the bytes again; this names the problem at once, under the field.
 */
export interface FileRule {
  /** Accepted types (MIME), as in the contracts' ACCEPTED_TYPES. */
  types: readonly string[];
  maxBytes: number;
  typeMessage: (file: File) => string;
  sizeMessage: (file: File) => string;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Magic numbers of the types the shop accepts. */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/avif': (b) => startsWith(b, ascii('ftypavi'), 4),
  'image/tiff': (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  'image/bmp': (b) => startsWith(b, ascii('BM')),
  'image/heic': (b) => startsWith(b, ascii('ftypheic'), 4) || startsWith(b, ascii('ftypheix'), 4),
  'image/heif': (b) => startsWith(b, ascii('ftypmif1'), 4),
  'application/pdf': (b) => startsWith(b, ascii('%PDF-')),
  'application/zip': (b) => startsWith(b, ZIP),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (b) => startsWith(b, ZIP),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (b) => startsWith(b, ZIP),
  'application/msword': (b) => startsWith(b, OLE),
  'application/vnd.ms-excel': (b) => startsWith(b, OLE),
  'application/x-rar-compressed': (b) => startsWith(b, ascii('Rar!')),
  'application/vnd.rar': (b) => startsWith(b, ascii('Rar!')),
  // Text has no magic number: the rule the server applies too.
  'text/plain': startsLikeText,
};

const HEAD_BYTES = 64;

function readHead(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, HEAD_BYTES);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(head);
  });
}

/** The accepted type the file's first bytes show, or null when they show none of them. */
export async function sniffType(file: Blob, types: readonly string[]): Promise<string | null> {
  const bytes = await readHead(file).catch(() => new Uint8Array());
  return types.find((type) => SIGNATURES[type]?.(bytes)) ?? null;
}

/** Why the file is refused (the rule's words), or null when it passes. */
export async function checkFile(file: File, rule: FileRule): Promise<string | null> {
  if (file.size > rule.maxBytes) return rule.sizeMessage(file);
  if (!(await sniffType(file, rule.types))) return rule.typeMessage(file);
  return null;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/** The rule of every file input of the web app, from the contracts' types and limits. */
export const FILE_RULES = {
  design: {
    types: ACCEPTED_TYPES.design,
    maxBytes: UPLOAD_LIMITS.designFileBytes,
    typeMessage: () => DESIGN_SERVER_MESSAGES.designFileType,
    sizeMessage: () => `The design file may not be greater than ${mb(UPLOAD_LIMITS.designFileBytes)} MB.`,
  },
  productImage: {
    types: ACCEPTED_TYPES.productImage,
    maxBytes: UPLOAD_LIMITS.productImageBytes,
    typeMessage: (file) => `${file.name} is not a PNG, JPG or WEBP image.`,
    sizeMessage: (file) => `${file.name} is larger than ${mb(UPLOAD_LIMITS.productImageBytes)} MB.`,
  },
  profilePhoto: {
    types: ACCEPTED_TYPES.profilePhoto,
    maxBytes: UPLOAD_LIMITS.profilePhotoBytes,
    typeMessage: () => PROFILE_MESSAGES.photoType,
    sizeMessage: () => `The photo may not be greater than ${mb(UPLOAD_LIMITS.profilePhotoBytes)} MB.`,
  },
  recommendation: {
    types: ACCEPTED_TYPES.recommendation,
    maxBytes: UPLOAD_LIMITS.recommendationFileBytes,
    typeMessage: (file) => `${file.name}: ${DESIGN_SERVER_MESSAGES.recommendationFileType}`,
    sizeMessage: (file) => `${file.name} is larger than ${mb(UPLOAD_LIMITS.recommendationFileBytes)} MB.`,
  },
  /** A chat attachment (the spec's 10 MB message for a larger one). */
  chat: {
    types: ACCEPTED_TYPES.chat,
    maxBytes: CHAT.maxFileBytes,
    typeMessage: (file) => CHAT_SERVER_MESSAGES.unsupportedAttachment(file.name),
    sizeMessage: (file) => CUSTOMER_MESSAGES.chatFileTooLarge(file.name),
  },
} satisfies Record<string, FileRule>;
