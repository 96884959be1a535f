// `npm run build`: the web app (vite build), then the server and the rest (build-server.mjs).
// With --if-changed (what `npm start` runs) it builds only when something the build reads changed
// since the last complete build (sources, config, lockfile), so an unchanged checkout starts at
// once. The fingerprint is a hash of those files' contents, written to dist/.build-stamp only
// after a build succeeds and removed before one starts, so a broken build is never taken as done.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
/** Folders and files the build reads. */
const INPUT_DIRS = ['src'];
const INPUT_FILES = [
  'scripts/build-server.mjs',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
/** Files the build never reads: tests and their helpers. */
const IGNORED = /\.test\.tsx?$|[/\\](test|testing)[/\\]/;

export function buildFingerprint(projectRoot = root) {
  const inputs = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    for (const entry of readdirSync(path.join(projectRoot, dir), {
      withFileTypes: true,
      recursive: true,
    })) {
      if (!entry.isFile()) continue;
      const file = path.relative(projectRoot, path.join(entry.parentPath, entry.name));
      if (!IGNORED.test(file)) inputs.push(file);
    }
  }
  const hash = createHash('sha256');
  for (const file of inputs.sort()) {
    const full = path.join(projectRoot, file);
    if (!existsSync(full)) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const fingerprint = buildFingerprint();
  const upToDate =
    existsSync(path.join(root, 'dist', 'server', 'main.js')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fingerprint;

  if (process.argv.includes('--if-changed') && upToDate) {
    console.log('The build is up to date: nothing it reads changed since the last build.');
  } else {
    rmSync(stampFile, { force: true });
    run('npx', ['vite', 'build']);
    run('node', [path.join(root, 'scripts', 'build-server.mjs')]);
    writeFileSync(stampFile, fingerprint);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
