import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative import: the config is bundled by Node before Vite's TypeScript handling of workspace packages exists.
import { DEFAULT_APP_NAME } from '../../packages/contracts/src/labels';

// One default for both the built HTML (%VITE_APP_NAME%) and import.meta.env.
process.env.VITE_APP_NAME ||= DEFAULT_APP_NAME;

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // scripts/report-bundle.ts reads the manifest to find the entry chunk and its static imports.
    manifest: true,
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
