import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');

await rm(dist, { recursive: true, force: true });
// One ESM bundle of the server and the contracts; npm packages stay external and load from node_modules.
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'create-admin': path.join(root, 'src/cli/create-admin.ts'),
  },
  outdir: dist,
  ...serverBundleOptions,
});
await cp(path.join(root, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
await cp(path.join(root, 'assets'), path.join(dist, 'assets'), { recursive: true });
console.info('server bundle written to apps/server/dist');
