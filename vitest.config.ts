import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Server tests run in Node against a real PostgreSQL; web component tests run in jsdom.
// Browser journeys (apps/web/e2e) belong to Playwright and are never picked up here.
// Server test files that replace one of the app's modules (vi.mock, vi.doMock), found by their text: they run with
// modules of their own.
const serverTests = fileURLToPath(new URL('./apps/server/test/', import.meta.url));
const MOCKING_MODULES = readdirSync(serverTests, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) =>
      file.endsWith('.test.ts') && /\bvi\.(mock|doMock)\(/.test(readFileSync(serverTests + file, 'utf8')),
  )
  .map((file) => `test/${file.replaceAll('\\', '/')}`);

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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          ...server,
          exclude: [...MOCKING_MODULES],
          // The test files of a worker share its loaded modules: the app is imported once per worker, not once per
          // file (each test still builds its own app on its own database). Files that replace a module need
          // their own copies, and run in the project below.
          isolate: false,
        },
      },
      {
        test: { name: 'server (isolated)', ...server, include: [...MOCKING_MODULES] },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['e2e/**', 'node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Both cores, as the server projects (Vitest's default leaves one idle on a 2-core machine): each file
          // sets up its own jsdom, most of this project's time.
          maxWorkers: 2,
          // A shared, loaded machine: the debounced screens' tests need more than the default 5 s there.
          testTimeout: 15_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
