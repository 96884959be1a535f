import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { clientConfigOf, injectClientConfig, trackingSources } from './client-config';

/**
 * The analytics id and DSN reach the browser in production only, inside the served page; the CSP
 * allows those services only then.
 */

const ANALYTICS_ID = 'G-TEST123';
const DSN = 'https://0123456789abcdef0123456789abcdef@errors.example.com:8443/7';
const production = { NODE_ENV: 'production', ANALYTICS_ID, ERROR_REPORTING_DSN: DSN };

describe('the client configuration', () => {
  it('is handed out in production only, and only when something is configured', () => {
    expect(clientConfigOf(loadConfig(production))).toEqual({
      analyticsId: ANALYTICS_ID,
      errorReportingDsn: DSN,
    });
    expect(clientConfigOf(loadConfig({ ...production, NODE_ENV: 'development' }))).toBeNull();
    expect(clientConfigOf(loadConfig({ ...production, NODE_ENV: 'test' }))).toBeNull();
    expect(clientConfigOf(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
  });

  it('goes into the page as JSON that cannot close its element', () => {
    const html = injectClientConfig('<html><head><title>x</title></head><body></body></html>', {
      analyticsId: null,
      errorReportingDsn: 'https://k@h/1</script><script>alert(1)</script>',
    });
    expect(html).toContain('<script type="application/json" id="cairn-config">');
    expect(html).not.toContain('</script><script>alert');
    const json = /id="cairn-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({ errorReportingDsn: expect.stringContaining('alert') });
  });

  it('opens the CSP to the configured services only', () => {
    expect(trackingSources(loadConfig(production))).toEqual({
      script: ['https://www.googletagmanager.com'],
      connect: [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
        'https://errors.example.com:8443',
      ],
      img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    });
    expect(trackingSources(loadConfig({ ...production, NODE_ENV: 'test' }))).toEqual({
      script: [],
      connect: [],
      img: [],
    });
  });
});

describe('served pages', () => {
  let webRoot: string;
  let db: TestDatabase;
  let prod: TestApp;
  let test: TestApp;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'cairn-web-'));
    const html = '<!doctype html><html><head><title>Cairn</title></head><body></body></html>';
    await writeFile(path.join(webRoot, 'index.html'), html);
    await writeFile(path.join(webRoot, 'site.html'), html);
    db = await createTestDatabase();
    prod = await createTestApp({ webRoot, testDb: db, env: production });
    test = await createTestApp({
      webRoot,
      testDb: db,
      env: { ANALYTICS_ID, ERROR_REPORTING_DSN: DSN },
    });
  });
  afterAll(async () => {
    await prod.close();
    await test.close();
    await db.destroy();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('carry the configuration and its CSP in production', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        `<script type="application/json" id="cairn-config">${JSON.stringify({ analyticsId: ANALYTICS_ID, errorReportingDsn: DSN })}</script>`,
      );
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
      expect(csp).toContain('https://errors.example.com:8443');
    }
  });

  it('carry neither outside production', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('cairn-config');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
