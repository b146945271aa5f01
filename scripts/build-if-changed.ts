/**
 * `npm start`'s build step: builds the web app and the server (`npm run build`) only when their sources or build
 * configuration changed since the last build, so a restart skips the build. The hash of those files is kept in
 * apps/server/dist/.build-hash (written after a build that succeeded; `npm run build` removes it with the old
 * bundle). FORCE_BUILD=1 builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const hashFile = path.join(root, 'apps', 'server', 'dist', '.build-hash');
const outputs = [
  path.join(root, 'apps', 'server', 'dist', 'main.js'),
  path.join(root, 'apps', 'web', 'dist'),
];

// What the build reads: the packages' and apps' sources, assets, migrations and build configuration.
const inputs = ['packages', 'apps', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
// Not read by the build: tests, journeys, outputs and installed packages.
const skipped = new Set(['node_modules', 'dist', 'test', 'e2e', 'test-results', 'playwright-report']);
const skippedFile = /\.test\.tsx?$/;

function files(entry: string, out: string[]): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return out;
  for (const dirent of readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(entry, dirent.name);
    if (dirent.isDirectory()) {
      if (!skipped.has(dirent.name) && !dirent.name.startsWith('.')) files(rel, out);
    } else if (dirent.isFile() && !skippedFile.test(dirent.name)) out.push(rel);
  }
  return out;
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  const list = inputs.flatMap((entry) =>
    existsSync(path.join(root, entry)) && statSync(path.join(root, entry)).isDirectory()
      ? files(entry, [])
      : [entry],
  );
  for (const file of list.filter((f) => existsSync(path.join(root, f))).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : undefined;
if (process.env.FORCE_BUILD !== '1' && built === current && outputs.every((o) => existsSync(o))) {
  console.info('build is up to date (sources unchanged since the last build)');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(hashFile, `${current}\n`);
}
