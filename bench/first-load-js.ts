/**
 * First-load JavaScript per area of the web app, read from the Vite manifest of the current build
 * (apps/web/dist/.vite/manifest.json): the entry chunk and its static imports, plus the area's layout chunk and the
 * route chunk of its landing page with their static imports, each chunk counted once. Sizes are the built files,
 * raw and gzip (level 9, what a compressing server sends at most).
 *
 *   npm run build -w apps/web && npx tsx bench/first-load-js.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing: run npm run build -w apps/web first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');

const areas = [
  {
    name: 'public home (/)',
    routes: ['src/app/layouts/public-layout.tsx', 'src/features/content/pages/home-page.tsx'],
  },
  {
    name: 'customer (/user/dashboard)',
    routes: ['src/app/layouts/customer-layout.tsx', 'src/features/dashboard/pages/user-dashboard-page.tsx'],
  },
  {
    name: 'admin (/admin/dashboard)',
    routes: ['src/app/layouts/admin-layout.tsx', 'src/features/dashboard/pages/admin-dashboard-page.tsx'],
  },
];

/**
 * A module that a code-splitting group (build.rolldownOptions in vite.config.ts) merged into a shared chunk has
 * no manifest entry of its own: the chunk whose source map lists it holds it.
 */
function chunkHolding(module: string): string {
  for (const [key, chunk] of Object.entries(manifest)) {
    const map = path.join(dist, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(map)) continue;
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    if (sources.some((source) => source.endsWith(module))) return key;
  }
  throw new Error(`${module} is in no chunk of the manifest`);
}

/** The chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(module: string, seen = new Set<string>()): Set<string> {
  const key = manifest[module] ? module : chunkHolding(module);
  if (seen.has(key)) return seen;
  const chunk = manifest[key]!;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

function sizes(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const entry = closure(entryKey);
const entrySizes = sizes([...entry].map((key) => manifest[key]!.file));

console.info('| area                       | chunks | JS raw    | JS gzip  | CSS gzip |');
console.info('|----------------------------|--------|-----------|----------|----------|');
console.info(
  `| ${'entry only'.padEnd(26)} | ${String(entry.size).padStart(6)} | ${kb(entrySizes.raw).padStart(9)} | ${kb(
    entrySizes.gzip,
  ).padStart(
    8,
  )} | ${kb(sizes(new Set([...entry].flatMap((k) => manifest[k]!.css ?? []))).gzip).padStart(8)} |`,
);
for (const area of areas) {
  const keys = new Set(entry);
  for (const route of area.routes) closure(route, keys);
  const js = sizes([...keys].map((key) => manifest[key]!.file));
  const css = sizes(new Set([...keys].flatMap((key) => manifest[key]!.css ?? [])));
  console.info(
    `| ${area.name.padEnd(26)} | ${String(keys.size).padStart(6)} | ${kb(js.raw).padStart(9)} | ${kb(
      js.gzip,
    ).padStart(8)} | ${kb(css.gzip).padStart(8)} |`,
  );
}
