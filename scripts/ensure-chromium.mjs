// The browser suites need Debian's Chromium (Playwright never downloads browsers here).
// Installs it when missing and running as root; otherwise stops and says how to install it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is required for the browser tests and was not found at ${CHROMIUM}.\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian chromium (about 20 s)...');
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(CHROMIUM)) {
    console.error('Installing Chromium failed: the browser tests cannot run.');
    process.exit(1);
  }
}
