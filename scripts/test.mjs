// `npm test`: every check, stopping at the first failure.
//   lint, formatting, types and the production build (side by side), then unit + web + server
//   tests (PGlite always; PostgreSQL when TEST_DATABASE_URL is set; Redis-backed tests when
//   TEST_REDIS_URL is set), then the browser journeys in Chromium against the built app.
//   With TEST_NODE24=1 (CI sets it) the unit suite and the server tests that lean on the runtime
//   also run on Node 24 LTS (see NODE24_SERVER), since the machines run Node 20, the oldest version
//   package.json accepts.
import { spawn } from 'node:child_process';
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

/**
 * The checks in stages of lanes: a stage's lanes run at once, a lane's steps one after another,
 * and each stage starts when the one before it passed. The static checks are two lanes, one per
 * core: lint (the longest) on one, the rest in turn on the other (seven processes side by side
 * on two cores took longer than this, 118 s against about 70 s). The test suites spread over both
 * cores themselves and run one after another.
 */
const stages = [
  [
    [['lint', 'npx', ['eslint', '--max-warnings', '0', '.']]],
    [
      ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
      ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
      ['types', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
      ['types (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
      ['types (e2e)', 'npx', ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit']],
      ['build', 'npm', ['run', 'build']],
    ],
  ],
  [[['unit, web and server tests', 'npx', ['vitest', 'run']]]],
  ...(process.env.TEST_NODE24 === '1'
    ? [
        [
          [
            [
              'unit tests and the runtime-sensitive server tests on Node 24',
              () => ensureNode24(),
              ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...NODE24_SERVER],
            ],
          ],
        ],
      ]
    : []),
  [[['browser journeys (e2e)', 'npx', ['playwright', 'test']]]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'note: TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (CI sets it).',
  );
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs one step. Alone in its stage it writes straight to the terminal; beside others its output
 * is held and printed whole when it ends, so that steps' lines never interleave.
 */
function runStep([name, command, args], alone, running) {
  const stepStart = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  let program;
  try {
    program = typeof command === 'function' ? command() : command;
  } catch (error) {
    return Promise.resolve({
      name,
      ok: false,
      code: 1,
      output: `${error}\n`,
      time: seconds(stepStart),
    });
  }
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
      // Its own process group, so that a failure elsewhere stops it with its children.
      detached: !alone,
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error}\n`));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({
        name,
        ok: code === 0,
        code: code ?? (signal ? 1 : 0),
        output,
        time: seconds(stepStart),
      });
    });
  });
}

function report(result, alone) {
  if (!alone) {
    console.log(`\n▶ ${result.name}`);
    if (result.output) process.stdout.write(result.output);
  }
  if (result.ok) console.log(`✔ ${result.name} (${result.time} s)`);
  else console.error(`\n✖ ${result.name} failed after ${result.time} s`);
}

const started = Date.now();
for (const stage of stages) {
  const steps = stage.flat().length;
  const alone = steps === 1;
  const stageStart = Date.now();
  const running = new Set();
  let failed = null;
  const runLane = async (lane) => {
    for (const step of lane) {
      if (failed) return; // stopped because another step failed
      const result = await runStep(step, alone, running);
      if (failed) return;
      report(result, alone);
      if (!result.ok) {
        failed = result;
        for (const child of running) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }
    }
  };
  await Promise.all(stage.map(runLane));
  if (failed) {
    console.error(`\n✖ ${failed.name} failed: the run stops here.`);
    process.exit(failed.code || 1);
  }
  if (!alone)
    console.log(`(these ${steps} steps, ${stage.length} at a time: ${seconds(stageStart)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
