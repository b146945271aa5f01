/**
 * First-load JavaScript per area of the web app, read from the Vite manifest of a build
 * (apps/web/dist/.vite/manifest.json): the entry chunk and its static imports, plus the area's layout chunk and the
 * route chunk of its landing page with their static imports, each chunk counted once. Sizes are the built files,
 * raw and gzip (level 9, what a compressing server sends at most). bench/first-load-js.ts prints them;
 * scripts/run-e2e.ts holds every build it tests to the areas' budgets.
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

export interface FirstLoad {
  name: string;
  chunks: number;
  raw: number;
  gzip: number;
  cssGzip: number;
  /** The most gzip JavaScript the area's first load may fetch (none for the entry alone). */
  budget?: number;
}

// The home page's budget, and the signed-in areas' (below 170 kB).
const AREAS = [
  {
    name: 'public home (/)',
    routes: ['src/app/layouts/public-layout.tsx', 'src/features/content/pages/home-page.tsx'],
    budget: 130 * 1024,
  },
  {
    name: 'customer (/user/dashboard)',
    routes: ['src/app/layouts/customer-layout.tsx', 'src/features/dashboard/pages/user-dashboard-page.tsx'],
    budget: 170 * 1024 - 1,
  },
  {
    name: 'admin (/admin/dashboard)',
    routes: ['src/app/layouts/admin-layout.tsx', 'src/features/dashboard/pages/admin-dashboard-page.tsx'],
    budget: 170 * 1024 - 1,
  },
];

/** The entry alone ('entry only'), then each area's first load, of the build in `dist` (apps/web/dist). */
export function measureFirstLoad(dist: string): FirstLoad[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  /**
   * A module that a code-splitting group (build.rolldownOptions in vite.config.ts) merged into a shared chunk has
   * no manifest entry of its own: the chunk whose source map lists it holds it.
   */
  const chunkHolding = (module: string): string => {
    for (const [key, chunk] of Object.entries(manifest)) {
      const map = path.join(dist, `${chunk.file}.map`);
      if (!chunk.file.endsWith('.js') || !existsSync(map)) continue;
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
      if (sources.some((source) => source.endsWith(module))) return key;
    }
    throw new Error(`${module} is in no chunk of the manifest`);
  };

  /** The chunk and everything it imports statically (what the browser must fetch before it runs). */
  const closure = (module: string, seen = new Set<string>()): Set<string> => {
    const key = manifest[module] ? module : chunkHolding(module);
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) closure(imported, seen);
    return seen;
  };

  const gzipOf = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(dist, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const measure = (name: string, keys: Set<string>): FirstLoad => {
    const js = gzipOf([...keys].map((key) => manifest[key]!.file));
    const css = gzipOf(new Set([...keys].flatMap((key) => manifest[key]!.css ?? [])));
    return { name, chunks: keys.size, raw: js.raw, gzip: js.gzip, cssGzip: css.gzip };
  };

  const entry = closure(entryKey);
  return [
    measure('entry only', entry),
    ...AREAS.map((area) => {
      const keys = new Set(entry);
      for (const route of area.routes) closure(route, keys);
      return { ...measure(area.name, keys), budget: area.budget };
    }),
  ];
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** What is over its budget, said line by line (none: within every budget). */
export function overBudget(loads: FirstLoad[]): string[] {
  return loads.flatMap(({ name, gzip, budget }) =>
    budget !== undefined && gzip > budget
      ? [`${name}: ${kB(gzip)} of JavaScript (gzip), ${gzip - budget} bytes over its ${kB(budget)}`]
      : [],
  );
}
