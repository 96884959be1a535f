// `npm test`: every check, in order, stopping at the first failure.
//   lint, formatting, types, unit + web + server tests (PGlite always; PostgreSQL when
//   TEST_DATABASE_URL is set; Redis-backed tests when TEST_REDIS_URL is set), production build,
//   then the browser journeys in Chromium against the built app.
//   With TEST_NODE24=1 (CI sets it) the unit suite and the server tests that lean on the runtime
//   also run on Node 24 LTS (see NODE24_SERVER), since the machines run Node 20, the oldest version
//   package.json accepts.
import { spawnSync } from 'node:child_process';
import { ensureNode24 } from './node24.mjs';

/**
 * On Node 24 the unit suite runs whole, and the server suite (whole on Node 20 just before) by the
 * files that lean on the runtime: native modules (argon2, sharp), worker threads, the embedded
 * database (the default install's), the HTTP clients (remote fetch, Stripe's SDK), the started
 * process. On PGlite, the database a fresh install uses.
 */
const NODE24_SERVER = [
  '--project',
  'server:pglite',
  'src/domain',
  'src/contracts',
  'scripts/',
  'src/server/start.process.test.ts',
  'src/server/db/',
  'src/server/features/auth/auth.test.ts',
  'src/server/features/api-keys/',
  'src/server/features/billing/',
  'src/server/features/valuation/performance.test.ts',
  'src/server/features/holdings/bank-logos.test.ts',
  'src/server/platform/compute.test.ts',
  'src/server/platform/remote-fetch.test.ts',
];

const steps = [
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['types', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['types (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ['types (e2e)', 'npx', ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit']],
  ['unit, web and server tests', 'npx', ['vitest', 'run']],
  ...(process.env.TEST_NODE24 === '1'
    ? [
        [
          'unit tests and the runtime-sensitive server tests on Node 24',
          () => ensureNode24(),
          ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...NODE24_SERVER],
        ],
      ]
    : []),
  ['build', 'npm', ['run', 'build']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['browser journeys (e2e)', 'npx', ['playwright', 'test']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'note: TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (CI sets it).',
  );
}
const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const program = typeof command === 'function' ? command() : command;
  const result = spawnSync(program, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
