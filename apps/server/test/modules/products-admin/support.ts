import sharp from 'sharp';
import { categories } from '../../../src/db/schema/catalog';
import type { TestApp } from '../../support/test-app';

export interface FilePart {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A real image of the given format, decodable by the server. */
export function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
  color = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

export const TEXT_FILE = Buffer.from('just some text, not an image\n');

export async function createCategory(t: TestApp, name = 'Desks'): Promise<number> {
  const [row] = await t.ctx.database.db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-') })
    .returning({ id: categories.id });
  return row!.id;
}

/** The storage keys (`products/<hex>`) of the public image URLs given. */
export function keyOf(url: string): string {
  const m = /^\/media\/(.+)\/\d+\.webp$/.exec(url);
  if (!m) throw new Error(`not a media url: ${url}`);
  return m[1]!;
}

export async function imageStored(t: TestApp, key: string): Promise<boolean> {
  const all = await Promise.all([320, 640, 1200].map((w) => t.ctx.storage.exists(`${key}/${w}.webp`)));
  if (all.every(Boolean)) return true;
  if (all.some(Boolean)) throw new Error(`image ${key} half stored`);
  return false;
}
