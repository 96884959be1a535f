import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

/**
 * The web tests that need a module graph and a window of their own: those that replace a module
 * (vi.mock), since a module another file already imported would keep the real one, and the app's
 * boot, which installs the app's window listeners and i18n for good. The others share their worker's.
 */
const webTestsOnTheirOwn = [
  'src/web/lib/boot.test.ts',
  ...readdirSync(path.join(import.meta.dirname, 'src/web'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('src/web', file))
    .filter((file) =>
      readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('),
    ),
];

/** A project of web tests: React, jsdom and the web set-up file. */
const webProject = (
  name: string,
  test: { include: string[]; exclude?: string[]; isolate?: boolean },
) => ({
  extends: true as const,
  plugins: [react()],
  test: {
    name,
    environment: 'jsdom' as const,
    setupFiles: ['src/web/test/setup.ts'],
    ...test,
  },
});

const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    // Tests that need Redis run when TEST_REDIS_URL names one (CI sets it).
    exclude: [
      ...(process.env.TEST_REDIS_URL ? [] : ['src/server/**/*.redis.test.ts']),
      // Tests of the embedded database itself run once, in the PGlite project; tests needing
      // concurrent connections run in the PostgreSQL project.
      ...(kind === 'postgres'
        ? ['src/server/**/*.pglite.test.ts']
        : ['src/server/**/*.postgres.test.ts']),
    ],
    environment: 'node',
    // One module graph per worker, not per file: importing the app (Fastify, Drizzle, every
    // feature) cost about a second per file, twice per file with both databases. The server
    // suite mocks no module; what a file builds (apps, databases) it closes in its own hooks.
    isolate: false,
    globalSetup: ['src/server/testing/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    // PGlite is heavy (a WASM PostgreSQL per worker, reset between files: testing/pglite-reuse.ts):
    // two workers suit these two-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Pure functions without mocks: no need for a fresh module graph per file.
          isolate: false,
        },
      },
      webProject('web', {
        include: ['src/web/**/*.test.{ts,tsx}'],
        exclude: webTestsOnTheirOwn,
        // One module graph and one jsdom per worker, not per file: a fresh jsdom and the app's
        // imports for each of 130 files took two thirds of the project's time (346 s against
        // 117 s). The set-up file gives each file a blank document, English and its globals back.
        isolate: false,
      }),
      webProject('web:isolated', { include: webTestsOnTheirOwn }),
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
    ],
  },
});
