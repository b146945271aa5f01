import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's assets folder: apps/server/assets from source, dist/assets in the bundle. */
export function assetPath(name: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [
    path.join(here, 'assets'),
    path.join(here, '..', 'assets'),
    path.join(here, '..', '..', 'assets'),
    path.join(here, '..', '..', '..', 'assets'),
  ]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  throw new Error(`Asset not found: ${name}`);
}
