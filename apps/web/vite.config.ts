import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative import: the config is bundled by Node before Vite's TypeScript handling of workspace packages exists.
import { DEFAULT_APP_NAME } from '../../packages/contracts/src/labels';

// One default for both the built HTML (%VITE_APP_NAME%) and import.meta.env.
process.env.VITE_APP_NAME ||= DEFAULT_APP_NAME;

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';

const SHELL_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]|apps[\\/]web[\\/]src[\\/](lib[\\/](?!realtime-client)[\w-]+\.tsx?$|components[\\/]ui[\\/][\w-]+\.tsx?$|app[\\/]layouts[\\/](public-layout|site-header|site-footer|newsletter-form|avatar|user-initials)\.tsx?$)|packages[\\/]contracts[\\/]src[\\/](constants|labels|messages)\.ts$/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // scripts/report-bundle.ts and bench/first-load-js.ts read the manifest (entry chunk and its static imports).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every first visit runs (React, the router, the query cache, lib, the ui kit, the public
              // layout and the spec's texts) in one file instead of a score of small shared chunks: on a phone
              // each extra request before the first paint costs a round trip.
              name: 'shell',
              test: SHELL_MODULES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': server,
      '/media': server,
      '/files': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
