// The browser suites need Debian's Chromium (Playwright never downloads browsers here): the
// journeys run in its headless shell (package chromium-headless-shell, the lighter headless build
// Playwright itself uses for headless runs), the benchmarks and screenshots in the full browser
// (package chromium). Installs what is missing when running as root; otherwise stops and says how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const wanted = [
  { path: CHROMIUM, pkg: 'chromium' },
  { path: HEADLESS_SHELL, pkg: 'chromium-headless-shell' },
];
const missing = wanted.filter(({ path }) => !existsSync(path));

if (missing.length > 0) {
  const packages = [...new Set(missing.map(({ pkg }) => pkg))].join(' ');
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is required for the browser tests and was not found at ${missing.map(({ path }) => path).join(' and ')}.\n` +
        `Install it with: sudo apt-get update && sudo apt-get install -y ${packages}\n` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${packages} (about 20 s)...`);
  const result = spawnSync(
    'sh',
    [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0 || missing.some(({ path }) => !existsSync(path))) {
    console.error('Installing Chromium failed: the browser tests cannot run.');
    process.exit(1);
  }
}
