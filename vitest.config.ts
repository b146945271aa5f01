import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Server tests run in Node against a real PostgreSQL; web component tests run in jsdom.
// Browser journeys (apps/web/e2e) belong to Playwright and are never picked up here.
// Test files that replace one of the app's modules (vi.mock, vi.doMock) or load them again (vi.resetModules), found by
// their text: they run with modules of their own. The others of a project share their worker's loaded modules
// (isolate: false): the app and its libraries are imported once per worker, not once per file. A file that loaded
// the modules again in a shared worker would leave the next files its second copies, with what it did to them (the
// server rendering's test registers its router's leaving check, which turned the users page's search aside).
function mockingTests(root: string, pattern: RegExp): string[] {
  const dir = fileURLToPath(new URL(root, import.meta.url));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        pattern.test(file) && /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(dir + file, 'utf8')),
    )
    .map((file) => path.posix.join(path.basename(dir), file.replaceAll('\\', '/')));
}
const MOCKING_MODULES = mockingTests('./apps/server/test/', /\.test\.ts$/);
// And component tests that watch a lazily loaded chunk arrive: in a shared worker another file may have loaded it.
const FIRST_LOAD_TESTS = ['src/app/layouts/site-header.test.tsx'];
const OWN_MODULES_COMPONENTS = [...mockingTests('./apps/web/src/', /\.test\.tsx?$/), ...FIRST_LOAD_TESTS];

const server = {
  root: './apps/server',
  include: ['test/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['./test/global-setup.ts'],
  setupFiles: ['./test/support/overlapping-queries.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  maxWorkers: 2,
  // Projects with different worker counts must run one after the other.
  sequence: { groupOrder: 0 },
} satisfies ViteUserConfig['test'];

const web = {
  root: './apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: ['e2e/**', 'node_modules/**'],
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // Both cores, as the server projects (Vitest's default leaves one idle on a 2-core machine).
  maxWorkers: 2,
  // A shared, loaded machine: the debounced screens' tests need more than the default 5 s there.
  testTimeout: 15_000,
  sequence: { groupOrder: 1 },
} satisfies ViteUserConfig['test'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          ...server,
          exclude: [...MOCKING_MODULES],
          // Each test still builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: { name: 'server (isolated)', ...server, include: [...MOCKING_MODULES] },
      },
      {
        plugins: [react()],
        test: { name: 'web', ...web, exclude: [...web.exclude, ...OWN_MODULES_COMPONENTS], isolate: false },
      },
      { plugins: [react()], test: { name: 'web (isolated)', ...web, include: OWN_MODULES_COMPONENTS } },
    ],
  },
});
