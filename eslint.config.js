import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = fileURLToPath(new URL('.', import.meta.url));
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers, enforced (static imports, re-exports and dynamic import() alike):
 * server: platform and db never import modules (nor the seed, the CLI or the app that assemble them);
 * web: a feature never imports another feature; lib and components never import features or the app.
 * What several features need goes down into lib or components, or up into app, which composes features.
 */
export const boundaryZones = [
  {
    target: ['apps/server/src/platform', 'apps/server/src/db'],
    from: [
      'apps/server/src/modules',
      'apps/server/src/seed',
      'apps/server/src/cli',
      'apps/server/src/app.ts',
      'apps/server/src/main.ts',
    ],
    message: 'platform and db are below the modules: move what both need into platform (house rule).',
  },
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: compose them in app/, or move the shared piece to components/ or lib/.',
  })),
  {
    target: ['apps/web/src/lib', 'apps/web/src/components'],
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'lib and components are below the features and the app: they never import them.',
  },
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    message: 'Features never import the app shell: the app composes features, not the other way round.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/node_modules/**',
      'data/**',
      '.test-data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // What the apps run is declared in their own dependencies: a production install leaves devDependencies out.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
  },
  {
    // A page opened beside the journey's own goes through the `newPage` fixture, which closes it when the journey
    // ends: one left open keeps running (its socket, its refetches) through the worker's later journeys.
    files: ['apps/web/e2e/**/*.ts'],
    ignores: ['apps/web/e2e/support/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(newContext|newPage)$/][callee.object.name="browser"]',
          message:
            "Open other pages with the journey's newPage fixture (support/fixtures.ts), which closes them.",
        },
      ],
    },
  },
);
