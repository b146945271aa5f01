import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * How the server is bundled for `npm start` (build.ts): one ESM file per entry point with the contracts inside,
 * npm packages external (loaded from node_modules). The benchmarks bundle their server scripts with the same
 * options, so they measure the code as it is deployed rather than as tsx transforms it on the fly.
 */
export const serverBundleOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  alias: { '@shop/contracts': path.join(root, '../../packages/contracts/src/index.ts') },
  logLevel: 'warning',
};
