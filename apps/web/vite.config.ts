import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
// A relative import: the config is bundled by Node before Vite's TypeScript handling of workspace packages exists.
import { DEFAULT_APP_NAME } from '../../packages/contracts/src/labels';

// One default for both the built HTML (%VITE_APP_NAME%) and import.meta.env.
process.env.VITE_APP_NAME ||= DEFAULT_APP_NAME;

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';

// The modules of the `shell` chunk (below): what the entry, the public layout and the storefront pages run. A
// module in a group is whole in its chunk (every export any page uses), so the lib and ui modules that only the
// signed-in areas or some pages use stay out of it, and the public home page never downloads them: the lib and ui
// modules only the customer and admin areas use share the `areas` chunk (AREA_MODULES; with them the sign-out,
// which the public header loads when a customer signs out there); the menu and the tabs
// (Radix), the message dialog (and the <dialog> primitive under it, with its stack), a toast's box, the form fields, the lists' pager, empty state
// and badges are chunks the pages that use them load; the infinite-query observer (the chat's history) goes with
// the chat. The realtime client stays out too: zod and Socket.IO are never part of a public page.
const AREA_ONLY = [
  'dates',
  'use-debounce',
  'use-media-query',
  'page-header',
  'use-focus-rescue',
  'detail-card',
  'session-actions',
  'money-in',
  'shop-dates',
  'use-focus-on-close',
  'route-id',
  // The question before leaving a changed form: the back-office's forms and the proposal builder.
  String.raw`forms[\/]use-unsaved-changes`,
  String.raw`forms[\/]unsaved-changes-provider`,
];
const NOT_IN_SHELL = [
  ...AREA_ONLY,
  'realtime-client',
  'menu',
  'tabs',
  'dialog',
  'dialog-stack',
  'message-dialog',
  'toast-item',
  'money',
  'pagination',
  'out-of-range',
  'empty-state',
  'badge',
  'form-field',
];
const notIn = (names: string[]) => `(?!(?:${names.join('|')})\\.tsx?$)`;

const SHELL_MODULES = new RegExp(
  [
    String.raw`^\0vite[\\/]preload-helper`,
    String.raw`node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]`,
    String.raw`node_modules[\\/]@tanstack[\\/](?!.*[\\/](?:infiniteQueryObserver|useInfiniteQuery)\.js$)`,
    String.raw`apps[\\/]web[\\/]src[\\/](?:lib|components[\\/]ui)[\\/]${notIn(NOT_IN_SHELL)}[\w-]+\.tsx?$`,
    String.raw`apps[\\/]web[\\/]src[\\/]app[\\/]layouts[\\/](?:public-layout|site-header|site-footer|newsletter-form|avatar|user-initials)\.tsx?$`,
    String.raw`packages[\\/]contracts[\\/]src[\\/](?:constants|labels|request-messages)\.ts$`,
  ].join('|'),
);

const AREA_MODULES = new RegExp(
  [
    String.raw`apps[\\/]web[\\/]src[\\/](?:lib|components[\\/]ui)[\\/](?:${AREA_ONLY.join('|')})\.tsx?$`,
    // The areas' sidebars, labels and headings (the storefront's texts are in the shell).
    String.raw`packages[\\/]contracts[\\/]src[\\/]area-labels\.ts$`,
  ].join('|'),
);

const DEAL_MODULES = /apps[\\/]web[\\/]src[\\/]features[\\/]proposals[\\/](api|components)[\\/][\w-]+\.tsx?$/;

// React Router's package exports its development build to every bundler; the browser build takes the production
// files beside it, which leave out the development warnings (about 0.6 kB gzip of the first load).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

const browserBuild: BuildEnvironmentOptions = {
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
          { name: 'areas', test: AREA_MODULES, includeDependenciesRecursively: false },
          // The deal screens' shared pieces (proposal api, builder, dialogs, slot picker) in one file: one name in
          // the entry's preload table instead of a score of small chunks.
          { name: 'deal', test: DEAL_MODULES, includeDependenciesRecursively: false },
        ],
      },
    },
  },
  // The entry's static imports (the shell, the runtime) are loaded before any page's import can run: naming them in
  // every page's preload list only lengthens the table the entry carries. The HTML's own preload links keep them.
  modulePreload: {
    resolveDependencies: (_file, deps, { hostType }) =>
      hostType === 'html' ? deps : deps.filter((dep) => !/\/(shell|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
  },
  sourcemap: true,
};

// `vite build --ssr src/entry-server.tsx`, run after the browser build: the public pages' renderer for Node (npm
// packages stay external). It sits inside the browser build so a deployment copies both together; the server
// loads it from there and never serves that folder.
const serverBuild: BuildEnvironmentOptions = {
  outDir: 'dist/server',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: true,
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: command === 'build' && !isSsrBuild ? { alias: reactRouterProduction } : {},
  build: isSsrBuild ? serverBuild : browserBuild,
  server: {
    proxy: {
      '/api': server,
      '/media': server,
      '/files': server,
      '/socket.io': { target: server, ws: true },
    },
  },
}));
