// `npm test`: every check, in order, stopping at the first failure.
//   lint, formatting, types, unit + web + server tests (PGlite always; PostgreSQL when
//   TEST_DATABASE_URL is set; Redis-backed tests when TEST_REDIS_URL is set), production build,
//   then the browser journeys in Chromium against the built app.
//   With TEST_NODE24=1 (CI sets it) the unit and server suites also run on Node 24 LTS (the server
//   suite on PostgreSQL when TEST_DATABASE_URL is set), since the machines run Node 20, the oldest
//   version package.json accepts.
import { spawnSync } from 'node:child_process';
import { ensureNode24 } from './node24.mjs';

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
          'unit and server tests on Node 24',
          () => ensureNode24(),
          [
            'node_modules/vitest/vitest.mjs',
            'run',
            '--project',
            'unit',
            '--project',
            // The server suite on one database: PostgreSQL when there is one (the quicker), else
            // PGlite. Both ran on Node 20 in the step before.
            process.env.TEST_DATABASE_URL ? 'server:postgres' : 'server:pglite',
          ],
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
