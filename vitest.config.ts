import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Server tests run in Node against a real PostgreSQL; web component tests run in jsdom.
// Browser journeys (apps/web/e2e) belong to Playwright and are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
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
        },
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
          // A shared, loaded machine: the debounced screens' tests need more than the default 5 s there.
          testTimeout: 15_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
