import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/lint/no-import-cycle.mjs';

/**
 * The layers of ARCHITECTURE.md: domain <- contracts <- server | web. Inside the server:
 * core (config, context, db) and platform (infrastructure: no feature, no business) <- features
 * <- the composition root (app.ts, workers/, housekeeping, start-up). A feature offers what others
 * may use in its index.ts; another feature imports that and nothing deeper. First match wins.
 */
const elements = [
  { type: 'domain', pattern: 'src/domain/**', mode: 'full' },
  { type: 'contracts', pattern: 'src/contracts/**', mode: 'full' },
  // Tests sit beside what they test and may build the whole app (testing/, the root).
  {
    type: 'server-feature-test',
    pattern: 'src/server/features/*/**/*.test.ts',
    mode: 'full',
    capture: ['feature'],
  },
  { type: 'server-test', pattern: 'src/server/**/*.test.ts', mode: 'full' },
  {
    type: 'server-feature-entry',
    pattern: 'src/server/features/*/index.ts',
    mode: 'full',
    capture: ['feature'],
  },
  {
    type: 'server-feature',
    pattern: 'src/server/features/*/**',
    mode: 'full',
    capture: ['feature'],
  },
  { type: 'server-platform', pattern: 'src/server/platform/**', mode: 'full' },
  { type: 'server-testing', pattern: 'src/server/testing/**', mode: 'full' },
  // The composition root: the one place that knows every feature.
  {
    type: 'server-root',
    pattern: [
      'src/server/app.ts',
      'src/server/workers/**',
      'src/server/housekeeping.ts',
      'src/server/start.ts',
      'src/server/main.ts',
      'src/server/admin-cli.ts',
    ],
    mode: 'full',
  },
  // config, context, secrets, version, db/: what platform and features both stand on.
  { type: 'server-core', pattern: 'src/server/**', mode: 'full' },
  // A web feature is its folder, so that `index.ts` (its public entry) is a path inside it.
  { type: 'web-feature', pattern: 'src/web/features/*', mode: 'folder', capture: ['feature'] },
  // The two entries (the app and the public site) compose features.
  {
    type: 'web-app',
    pattern: ['src/web/app/**', 'src/web/main.tsx', 'src/web/site/**'],
    mode: 'full',
  },
  // Folder mode like web-feature (a full-mode 'src/web/**' would claim feature files first).
  { type: 'web-shared', pattern: 'src/web', mode: 'folder' },
];

const sameFeature = (type) => [type, { feature: '${from.feature}' }];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
      'data/**',
      '.tmp/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, boundaries, local },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: './tsconfig.json',
        }),
      ],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': elements,
      'boundaries/include': ['src/**/*'],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // No circle in src, type imports included, nor between features (scripts/lint).
      'local/no-import-cycle': [
        'error',
        { groups: ['src/server/features/*/', 'src/web/features/*/'] },
      ],
      'import-x/no-duplicates': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            '${file.type} must not import ${dependency.type} (see ARCHITECTURE.md: platform imports no feature; another feature is reached through its index.ts only)',
          rules: [
            { from: 'domain', allow: ['domain'] },
            { from: 'contracts', allow: ['domain', 'contracts'] },
            {
              from: 'server-core',
              allow: ['domain', 'contracts', 'server-core', 'server-platform'],
            },
            {
              from: 'server-platform',
              allow: ['domain', 'contracts', 'server-core', 'server-platform'],
            },
            {
              from: 'server-feature-entry',
              allow: ['domain', 'contracts', sameFeature('server-feature')],
            },
            {
              from: 'server-feature',
              allow: [
                'domain',
                'contracts',
                'server-core',
                'server-platform',
                sameFeature('server-feature'),
                'server-feature-entry',
              ],
            },
            {
              from: 'server-root',
              allow: [
                'domain',
                'contracts',
                'server-core',
                'server-platform',
                'server-feature',
                'server-feature-entry',
                'server-root',
              ],
            },
            {
              from: 'server-testing',
              allow: [
                'domain',
                'contracts',
                'server-core',
                'server-platform',
                'server-feature-entry',
                'server-root',
                'server-testing',
              ],
            },
            {
              from: 'server-feature-test',
              allow: [
                'domain',
                'contracts',
                'server-core',
                'server-platform',
                sameFeature('server-feature'),
                'server-feature-entry',
                'server-root',
                'server-testing',
              ],
            },
            {
              from: 'server-test',
              allow: [
                'domain',
                'contracts',
                'server-core',
                'server-platform',
                'server-feature-entry',
                'server-root',
                'server-testing',
              ],
            },
          ],
        },
      ],
    },
  },
  {
    // The web (ARCHITECTURE.md): shared code (components, lib) knows no feature; a feature may use
    // another through that feature's public entry `src/web/features/<x>/index.ts` and nothing
    // deeper; the app entries (app/, main.tsx, site/) compose features through the same entries.
    files: ['src/web/**/*.{ts,tsx}'],
    settings: { 'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'] },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            '${file.type} must not import ${dependency.type} (see ARCHITECTURE.md, layers and features)',
          rules: [
            { from: 'web-shared', allow: ['domain', 'contracts', 'web-shared'] },
            { from: 'web-feature', allow: ['domain', 'contracts', 'web-shared', 'web-feature'] },
            {
              from: 'web-app',
              allow: ['domain', 'contracts', 'web-shared', 'web-feature', 'web-app'],
            },
          ],
        },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          message:
            'another web feature is used through its public entry @/web/features/${dependency.feature} (its index.ts), not ${dependency.internalPath} (see ARCHITECTURE.md)',
          // The last matching rule wins.
          rules: [
            { target: ['web-feature'], disallow: ['**'] },
            { target: ['web-feature'], allow: ['index.ts'] },
          ],
        },
      ],
    },
  },
  {
    // A route's code is loaded on demand: the app entries may `import()` a feature's page (or a
    // lazily loaded component) by its own path so that it keeps its own chunk. Static imports
    // still go through the feature's index.ts.
    files: ['src/web/app/**/*.{ts,tsx}', 'src/web/main.tsx', 'src/web/site/**/*.{ts,tsx}'],
    settings: { 'boundaries/dependency-nodes': ['import', 'export'] },
  },
  {
    // The domain runs everywhere (browser, server, workers): no I/O, no framework.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'domain code does no I/O' },
            { group: ['react', 'react-*', '@tanstack/*'], message: 'domain code has no UI' },
            {
              group: [
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
              ],
              message: 'domain code has no server or database',
            },
          ],
        },
      ],
    },
  },
  {
    // The public site's JavaScript is budgeted (bench): no tailwind-merge, router or query cache there.
    files: [
      'src/web/site/**',
      'src/web/features/landing/**',
      'src/web/features/legal/**',
      'src/web/components/layout/public-layout.tsx',
      'src/web/components/site-controls.tsx',
      'src/web/components/errors/**',
      'src/web/components/brand/**',
      'src/web/components/finance/**',
      'src/web/components/ui/card.tsx',
      'src/web/components/ui/kbd.tsx',
      'src/web/components/ui/skeleton.tsx',
      'src/web/components/ui/button-variants.ts',
      'src/web/lib/boot.ts',
      'src/web/lib/i18n.ts',
      'src/web/components/consent/**',
      'src/web/lib/consent/**',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/lib/consent/account-consent.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/web/lib/cn',
              message: 'public site code uses cx (no tailwind-merge in the landing bundle)',
            },
            { name: 'react-router', message: 'the public site has no router: use plain links' },
            { name: '@tanstack/react-query', message: 'the public site has no query cache' },
            {
              name: 'radix-ui',
              message: 'keep Radix out of the landing bundle (native elements do it here)',
            },
            {
              name: '@/web/components/ui/button',
              message: 'use buttonVariants on a native element',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'process does not exist in the browser' },
      ],
    },
  },
  {
    // Every user-visible string goes through i18next.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx', 'src/web/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          'jsx-attributes': {
            include: ['^(aria-label|aria-description|title|alt|placeholder|label)$'],
          },
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
