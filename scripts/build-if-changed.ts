/**
 * `npm start`'s build step: builds the web app and the server (`npm run build`) only when their sources, build
 * configuration or the environment variables the build reads changed since the last build, so a restart skips the
 * build. The hash of those is kept in apps/server/dist/.build-hash (written after a build that succeeded;
 * `npm run build` removes it with the old bundle). FORCE_BUILD=1 builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '..');
const hashFile = path.join(repoRoot, 'apps', 'server', 'dist', '.build-hash');
const outputs = [
  path.join(repoRoot, 'apps', 'server', 'dist', 'main.js'),
  path.join(repoRoot, 'apps', 'web', 'dist'),
];

// What the build reads: the packages' and apps' sources, assets, migrations and build configuration.
const inputs = ['packages', 'apps', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
// Not read by the build: tests, journeys, outputs and installed packages.
const skipped = new Set(['node_modules', 'dist', 'test', 'e2e', 'test-results', 'playwright-report']);
const skippedFile = /\.test\.tsx?$/;

function files(root: string, entry: string, out: string[]): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return out;
  for (const dirent of readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(entry, dirent.name);
    if (dirent.isDirectory()) {
      if (!skipped.has(dirent.name) && !dirent.name.startsWith('.')) files(root, rel, out);
    } else if (dirent.isFile() && !skippedFile.test(dirent.name)) out.push(rel);
  }
  return out;
}

/**
 * The environment the build reads, as sorted name-value pairs: every VITE_* variable (Vite writes them into the
 * web app, e.g. VITE_APP_NAME) and NODE_ENV (`development` makes Vite build React's development version).
 */
export function buildEnvironment(env: NodeJS.ProcessEnv): [string, string][] {
  const read = Object.entries(env).filter(
    (entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined,
  );
  // Unset, Vite builds for production: the same build as NODE_ENV=production, so no rebuild between the two.
  read.push(['NODE_ENV', env.NODE_ENV || 'production']);
  return read.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The hash of what the build reads: the files of `inputs` under root and the build's environment variables. */
export function buildHash(env: NodeJS.ProcessEnv = process.env, root: string = repoRoot): string {
  const sources = createHash('sha256');
  const list = inputs.flatMap((entry) =>
    existsSync(path.join(root, entry)) && statSync(path.join(root, entry)).isDirectory()
      ? files(root, entry, [])
      : [entry],
  );
  for (const file of list.filter((f) => existsSync(path.join(root, f))).sort()) {
    sources.update(`${file}\0`);
    sources.update(readFileSync(path.join(root, file)));
    sources.update('\0');
  }
  // JSON keeps each name and value apart, whatever characters they hold.
  return createHash('sha256')
    .update(JSON.stringify({ sources: sources.digest('hex'), env: buildEnvironment(env) }))
    .digest('hex');
}

// Run as a script (`npm start`), not when a test imports buildHash.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = buildHash();
  const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : undefined;
  if (process.env.FORCE_BUILD !== '1' && built === current && outputs.every((o) => existsSync(o))) {
    console.info('build is up to date (sources and build variables unchanged since the last build)');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(hashFile, `${current}\n`);
  }
}
