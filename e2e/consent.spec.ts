import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * Cookie consent (issue 17, spec 002): on a production server with analytics and error reporting
 * configured, nothing optional loads or is sent before a choice; "Accept all" loads gtag and sends
 * errors to the error-reporting service; withdrawing stops both and deletes the analytics cookies.
 * The server is this journey's own (production mode, its own data folder); the error-reporting
 * service is a local collector and gtag.js a fake served in place of Google's.
 */

const ROOT = path.join(import.meta.dirname, '..');
const ANALYTICS_ID = 'G-TEST123';
const GTAG = /^https:\/\/www\.googletagmanager\.com\/gtag\/js/;
const DSN_KEY = '0123456789abcdef0123456789abcdef';

/** A stand-in for gtag.js: records what it was asked and sets the cookies Google's would. */
const FAKE_GTAG = `
  window.__gtagLoaded = true;
  window.__gtagCalls = (window.dataLayer || []).map(function (args) { return Array.from(args); });
  document.cookie = '_ga=GA1.1.111.222; Path=/; Max-Age=3600';
  document.cookie = '_ga_TEST123=GS1.1.333; Path=/; Max-Age=3600';
  document.cookie = '_gid=GA1.1.444.555; Path=/; Max-Age=3600';
`;

type Envelope = { url: string; body: string };

let collector: Server;
const envelopes: Envelope[] = [];
let collectorOrigin = '';
let server: ChildProcess;
let origin = '';
let serverOutput = '';
const dataDir = path.join(ROOT, '.tmp', `e2e-consent-${process.pid}`);

async function listen(target: Server): Promise<number> {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return (target.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Every request the page makes, and gtag.js answered by the fake. */
async function watch(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.route(GTAG, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GTAG }),
  );
  return {
    gtag: () => requests.filter((request) => GTAG.test(request.url())),
    toCollector: () => requests.filter((request) => request.url().startsWith(collectorOrigin)),
  };
}

async function analyticsCookies(context: BrowserContext) {
  return (await context.cookies(origin))
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith('_ga') || name.startsWith('_gid'))
    .sort();
}

/** Throws a fresh error in the page (each one new: repeats are suppressed for an hour). */
let thrown = 0;
async function throwError(page: Page) {
  thrown += 1;
  const message = `Consent journey error ${thrown}`;
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
  return message;
}

test.describe('cookie consent on a production server', () => {
  test.use({ expectedErrors: /Consent journey error/ });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The error-reporting service: records every envelope the SDK posts.
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.setHeader('access-control-allow-origin', '*');
        response.setHeader('access-control-allow-headers', '*');
        if (request.method === 'POST') {
          envelopes.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collectorOrigin = `http://127.0.0.1:${await listen(collector)}`;

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await rm(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, [path.join(ROOT, 'dist', 'server', 'main.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ANALYTICS_ID,
        ERROR_REPORTING_DSN: `http://${DSN_KEY}@127.0.0.1:${new URL(collectorOrigin).port}/1`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`server exited:\n${serverOutput}`);
          try {
            return (await fetch(`${origin}/api/v1/ready`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000, intervals: [250, 500, 1_000] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => collector?.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  test('nothing loads before a choice; Accept all starts both services; withdrawing stops them', async ({
    page,
    context,
    expectAccessible,
  }) => {
    test.setTimeout(150_000);
    const seen = await watch(page);
    await page.goto(`${origin}/`);
    const banner = page.getByRole('region', { name: 'Your privacy choices' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expectAccessible();

    // Before consent: an error stays in the local log; nothing goes to Google or the collector.
    const before = await throwError(page);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cairn.errors') ?? ''))
      .toContain(before);
    expect(seen.gtag()).toEqual([]);
    expect(seen.toCollector()).toEqual([]);
    expect(envelopes).toEqual([]);
    expect(await analyticsCookies(context)).toEqual([]);
    expect(await page.evaluate(() => 'gtag' in window || 'dataLayer' in window)).toBe(false);

    // Accept all: gtag.js loads, configured without page views and anonymised.
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies(origin)).find((cookie) => cookie.name === 'cc_cookie');
    expect(consent?.sameSite).toBe('Lax');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}'))).toMatchObject({
      analytics: true,
      errorMonitoring: true,
      version: '1.0.0',
    });
    // 365 days, give or take the test's own minutes.
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await expect.poll(() => seen.gtag().length).toBe(1);
    expect(seen.gtag()[0]?.url()).toBe(
      `https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`,
    );
    await expect.poll(() => page.evaluate(() => '__gtagLoaded' in window)).toBe(true);
    const calls = await page.evaluate(
      () => (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls,
    );
    expect(calls).toContainEqual(
      expect.arrayContaining([
        'config',
        ANALYTICS_ID,
        expect.objectContaining({ send_page_view: false, anonymize_ip: true }),
      ]),
    );
    expect(await analyticsCookies(context)).toEqual(['_ga', '_ga_TEST123', '_gid']);

    // An error now reaches the error-reporting service (the SDK loads on demand: try until it runs).
    await expect
      .poll(
        async () => {
          await throwError(page);
          return envelopes.filter((e) => e.body.includes('Consent journey error')).length;
        },
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toBeGreaterThan(0);
    const first = envelopes.find((e) => e.body.includes('Consent journey error'));
    expect(first?.url).toMatch(/^\/api\/1\/envelope\//);
    expect(first?.body).toContain('"type":"event"');
    // Errors only: no session envelope.
    expect(envelopes.some((e) => e.body.includes('"type":"session"'))).toBe(false);

    // Withdraw from the footer's "Cookie preferences": reject all.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Reject all' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => analyticsCookies(context)).toEqual([]);
    expect(
      await page.evaluate(
        (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
        ANALYTICS_ID,
      ),
    ).toBe(true);

    // Nothing more is sent: the error is logged locally, and no request leaves for the collector.
    const sentBefore = seen.toCollector().length;
    const envelopesBefore = envelopes.length;
    const nextRequest = page
      .waitForRequest((request) => request.url().startsWith(collectorOrigin), { timeout: 4_000 })
      .then(
        () => 'sent',
        () => 'nothing',
      );
    const after = await throwError(page);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cairn.errors') ?? ''))
      .toContain(after);
    expect(await nextRequest).toBe('nothing');
    expect(seen.toCollector().length).toBe(sentBefore);
    expect(envelopes.length).toBe(envelopesBefore);
    expect(seen.gtag()).toHaveLength(1);

    // The choice holds on the next page: no banner, and gtag.js is not loaded again.
    await page.goto(`${origin}/cookies`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your privacy choices' })).toBeHidden();
    expect(seen.gtag()).toHaveLength(1);
  });

  test('the banner speaks French on a French visit, and Reject all loads nothing', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const seen = await watch(page);
    await page.goto(`${origin}/`);
    const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner.getByRole('link', { name: 'Politique de cookies' })).toHaveAttribute(
      'href',
      '/cookies',
    );
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vos choix de confidentialité' })).toBeHidden();
    expect(seen.gtag()).toEqual([]);
    expect(seen.toCollector()).toEqual([]);
    await context.close();
  });
});

test('a signed-in user changes the choice in settings and sees it recorded', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  await register(page, uniqueEmail('consent'));
  await page.goto('/settings/privacy');
  const section = page.getByRole('region', { name: 'Cookies and tracking' });
  await expect(
    section.getByText('You have not chosen yet: optional services are off.'),
  ).toBeVisible();
  await expect(section.getByText('No choice recorded on your account yet.')).toBeVisible();

  await section.getByRole('switch', { name: 'Analytics' }).click();
  await expect(page.getByText('Your choices are saved.')).toBeVisible();
  const history = section.getByRole('table');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByText('Analytics: Allowed')).toBeVisible();
  await expect(history.getByText('Error monitoring: Refused')).toBeVisible();

  // The user menu reopens the panel; its choice is recorded as a change.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Cookie preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Reject all' }).click();
  await expect(history.getByText('Analytics: Allowed → Refused')).toBeVisible();
  await expect(section.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await expectAccessible();
});
