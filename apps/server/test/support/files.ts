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
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
  color = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}
