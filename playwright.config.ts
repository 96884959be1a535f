import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(import.meta.dirname, '.tmp', 'e2e-data');
/** A second server, as `npm start` runs it: production, no mail server, an empty data folder. */
const FIRST_RUN_PORT = PORT + 1;
const FIRST_RUN_ORIGIN = `http://127.0.0.1:${FIRST_RUN_PORT}`;
const FIRST_RUN_DATA_DIR = path.join(import.meta.dirname, '.tmp', 'e2e-first-run-data');

/**
 * Debian's Chromium, with the flags these machines need (closed network, running as root): its
 * headless shell, the build Playwright itself runs headless tests in (the same Blink and V8 without
 * the full browser's windowing), which took a sixth less CPU per journey than the full browser.
 */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The full browser, for journeys about what the headless shell lacks: it answers "denied" to every
 * notification permission, so the push settings can only be seen as a user sees them here.
 */
const fullBrowserLaunchOptions = {
  ...launchOptions,
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};
/** Journeys that need the full browser (see fullBrowserLaunchOptions). */
const FULL_BROWSER = /notification-delivery\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  // A journey now signs up through the emailed activation link (three password hashes before it
  // starts); two browsers share two cores with the server, so a journey gets a minute.
  timeout: 60_000,
  // Two browsers and the server share two cores: a page can take several seconds to show under
  // load (a two-factor sign-in once took over 7 s to render its page in CI), so a wait gets 15 s.
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    launchOptions,
    // A failed journey keeps its trace (actions, DOM snapshots, network) without the screencast:
    // filming every journey cost a tenth of the suite's CPU for pictures only failures show.
    trace: { mode: 'retain-on-failure', screenshots: false },
    locale: 'en-US',
    // The built app registers a service worker; journeys about other things run without it (its
    // precache would download the whole app in each of them). e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // Journeys share one server: the first account registered is its admin (admin.setup.ts).
    {
      name: 'setup',
      testMatch: /\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: [/(admin-live|first-run)\.spec\.ts$/, FULL_BROWSER],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'full-browser',
      dependencies: ['setup'],
      testMatch: FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], launchOptions: fullBrowserLaunchOptions },
    },
    // A fresh install in production mode without mail: its own server (the second below).
    {
      name: 'first-run',
      testMatch: /first-run\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: FIRST_RUN_ORIGIN },
    },
    // Journeys that change what every user sees (flags, beta mode) run last, one at a time.
    {
      name: 'admin-live',
      dependencies: ['chromium', 'full-browser'],
      testMatch: /admin-live\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: [
    {
      // The built app, as `npm start` runs it, on a fresh embedded database.
      command: `rm -rf "${DATA_DIR}" && node dist/server/main.js`,
      url: `${E2E_ORIGIN}/api/v1/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        // 'test' keeps the development outbox endpoint, which journeys read emailed links from.
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: E2E_ORIGIN,
        DATA_DIR,
        LOG_LEVEL: 'warn',
        // Journeys say which address they come from (e2e/fixtures.ts), as a proxy would.
        TRUST_PROXY: 'loopback',
      },
    },
    {
      // `npm start` on a new machine: production (no development outbox), no SMTP_URL.
      command: `rm -rf "${FIRST_RUN_DATA_DIR}" && node dist/server/main.js`,
      url: `${FIRST_RUN_ORIGIN}/api/v1/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(FIRST_RUN_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: FIRST_RUN_ORIGIN,
        DATA_DIR: FIRST_RUN_DATA_DIR,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
      },
    },
  ],
});
