/**
 * The upload types of each file input, in a module of their own: only the screens that take files load them (the
 * shared constants' module is part of every page's first load).
 */

/** The chat's image types that every browser shows: the conversation previews them (the others are files). */
export const CHAT_PREVIEW_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/bmp',
] as const;

/** Accepted upload types, checked against the file's bytes on the server. */
export const ACCEPTED_TYPES = {
  design: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
  recommendation: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
  productImage: ['image/png', 'image/jpeg', 'image/webp'],
  profilePhoto: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'],
  /** The spec's 'images, pdf, doc, docx, xls, xlsx, txt, zip, rar': the images are kept as sent, not re-encoded. */
  chat: [
    ...CHAT_PREVIEW_TYPES,
    'image/tiff',
    'image/heic',
    'image/heif',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/plain',
    'application/zip',
    'application/x-rar-compressed',
    'application/vnd.rar',
  ],
} as const;

/** The `accept` attribute of each file picker. */
export const FILE_PICKER_ACCEPT = {
  design: '.png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf',
  recommendation: '.png,.jpeg,.jpg,.webp,.pdf',
  productImage: '.png,.jpg,.jpeg,.webp',
  // The types ACCEPTED_TYPES.profilePhoto names, so the picker offers no image the server refuses (BMP, HEIC, SVG).
  profilePhoto:
    '.png,.jpg,.jpeg,.webp,.gif,.avif,.tif,.tiff,image/png,image/jpeg,image/webp,image/gif,image/avif,image/tiff',
  chat: 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.zip,.rar',
} as const;

/** The control bytes text holds: tab, line feed, form feed, carriage return and escape (no other of C0). */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

/**
 * Whether the start of a file is text (plain text has no magic number), the rule of the browser's check and of the
 * server's: UTF-16 with its byte order mark (Windows Notepad's "Unicode", half of whose bytes are zeros), or any
 * one-byte encoding (UTF-8, Windows-1252, Latin-1) without the control bytes that only binary files have. Every
 * binary format has them in its first kilobytes. An empty start is not text.
 */
export function startsLikeText(bytes: Uint8Array): boolean {
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  )
    return true;
  return bytes.length > 0 && bytes.every((byte) => byte >= 0x20 || TEXT_CONTROLS.has(byte));
}
