import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHash } from '../../../../scripts/build-if-changed';

// A small tree of the build's inputs: the hash is read from it, not from the repository under edit.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shop-build-hash-'));
  await mkdir(path.join(root, 'apps', 'web', 'src'), { recursive: true });
  await writeFile(path.join(root, 'apps', 'web', 'src', 'main.tsx'), 'export {};\n');
  await writeFile(path.join(root, 'package.json'), '{}\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("npm start's build hash", () => {
  const base = { PATH: '/usr/bin', VITE_APP_NAME: 'Cubicle Depot' };

  it('changes with a variable the web build reads: any VITE_* and NODE_ENV', () => {
    const hash = buildHash(base, root);
    expect(buildHash({ ...base }, root)).toBe(hash);
    expect(buildHash({ ...base, VITE_APP_NAME: 'Desk Barn' }, root)).not.toBe(hash);
    expect(buildHash({ PATH: '/usr/bin' }, root)).not.toBe(hash);
    expect(buildHash({ ...base, VITE_SUPPORT_PHONE: '555-0100' }, root)).not.toBe(hash);
    expect(buildHash({ ...base, NODE_ENV: 'development' }, root)).not.toBe(hash);
  });

  it('does not change with the order of the variables nor with one the build does not read', () => {
    const hash = buildHash({ ...base, VITE_B: '2', VITE_A: '1' }, root);
    expect(buildHash({ VITE_A: '1', VITE_B: '2', ...base }, root)).toBe(hash);
    expect(buildHash({ ...base, VITE_B: '2', VITE_A: '1', PORT: '8080', DATABASE_URL: 'x' }, root)).toBe(
      hash,
    );
  });

  it('tells a variable from a file, and one value from two (no ambiguous joins)', () => {
    expect(buildHash({ VITE_A: '1', VITE_B: '2' }, root)).not.toBe(
      buildHash({ VITE_A: '1\0VITE_B=2' }, root),
    );
  });

  it('still changes with the sources', async () => {
    const hash = buildHash(base, root);
    await writeFile(path.join(root, 'apps', 'web', 'src', 'main.tsx'), 'export const changed = 1;\n');
    expect(buildHash(base, root)).not.toBe(hash);
  });
});
