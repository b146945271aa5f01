/**
 * Prints the size of every built JS chunk (raw and gzip) and the first-load JS of the home page: the entry
 * chunk plus everything it imports statically (lazy route chunks load later, on demand).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  src?: string;
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}; run vite build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(path.join(dist, file));
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

const assetsDir = path.join(dist, 'assets');
const jsFiles = readdirSync(assetsDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`)
  .sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size);

const sourceOf = new Map(Object.values(manifest).map((c) => [c.file, c.src ?? '']));
const width = Math.max(...jsFiles.map((f) => f.length));
console.info('\nJS chunks (raw / gzip):');
let total = { raw: 0, gzip: 0 };
for (const file of jsFiles) {
  const s = sizeOf(file);
  total = { raw: total.raw + s.raw, gzip: total.gzip + s.gzip };
  const src = sourceOf.get(file);
  console.info(
    `  ${file.padEnd(width)}  ${kb(s.raw).padStart(9)}  ${kb(s.gzip).padStart(9)}${src ? `  ${src}` : ''}`,
  );
}
console.info(`  ${'all chunks'.padEnd(width)}  ${kb(total.raw).padStart(9)}  ${kb(total.gzip).padStart(9)}`);

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}
const firstLoad = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  chunk.imports?.forEach(visit);
};
visit(entryKey);
const first = [...firstLoad]
  .map(sizeOf)
  .reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
console.info(
  `\nFirst-load JS of the home page (entry + static imports, ${firstLoad.size} file${firstLoad.size === 1 ? '' : 's'}): ` +
    `${kb(first.raw)} raw, ${kb(first.gzip)} gzip\n`,
);
