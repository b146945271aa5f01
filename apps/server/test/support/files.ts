import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The start of a Windows executable (MZ header with a PE signature), for renamed-file tests. */
export const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
})();

export const TEXT_FILE = Buffer.from('just some text, not an image\n');

/** A real image of the given format, decodable by the server. */
export function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff' = 'png',
  color = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A 2x1 24-bit BMP (a real image, in a format the image library does not read). */
export const BMP_2PX = (() => {
  const pixels = Buffer.from([0, 0, 255, 255, 0, 0, 0, 0]); // two pixels, the row padded to 4 bytes
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(1, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
})();

/** A PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An animated PNG (APNG) of one frame, made from a PNG: the animation's control chunks (acTL, fcTL) before its
 * image data. Still a valid PNG: decoders that know nothing of animation show its image.
 */
export function animatedPng(png: Buffer): Buffer {
  const afterHeader = 8 + 4 + 4 + 13 + 4; // signature, then IHDR: length, type, 13 bytes of data, CRC
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(1, 0); // frames
  actl.writeUInt32BE(0, 4); // plays: forever
  const fctl = Buffer.alloc(26);
  fctl.writeUInt32BE(0, 0); // sequence number
  png.copy(fctl, 4, 16, 24); // the frame's width and height: the image's, from IHDR
  fctl.writeUInt16BE(1, 22); // delay: 1/100 s
  fctl.writeUInt16BE(100, 24);
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('acTL', actl),
    pngChunk('fcTL', fctl),
    png.subarray(afterHeader),
  ]);
}

/** The start of a HEIC photo (an ISO media file of brand 'heic'), as phones take them. */
export const HEIC_START = (() => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(512)]);
})();
