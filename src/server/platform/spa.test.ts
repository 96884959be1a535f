import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@/contracts/i18n';
import { createTestApp, type TestApp } from '../testing/test-app';
import { preferredEncoding } from './spa';

let webRoot: string;
let t: TestApp;
const INDEX =
  '<!doctype html><html><head><title>Cairn app</title></head><body><div id="root"></div></body></html>';
const SITE =
  '<!doctype html><html><head><title>Cairn site</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'cairn-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX);
  await writeFile(path.join(webRoot, 'site.html'), SITE);
  await writeFile(path.join(webRoot, 'site.html.gz'), gzipSync(SITE));
  await writeFile(path.join(webRoot, 'assets', 'main-abc123.js'), SCRIPT);
  await writeFile(path.join(webRoot, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(webRoot, 'assets', 'main-abc123.js.map'), '{"version":3}');
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(webRoot, 'manifest.json'), '{}');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the SPA', () => {
  it('serves the public site at / without caching', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SITE);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('compresses the page for a browser that accepts it (br first, then gzip)', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SITE);
    const gzip = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
  });

  it('negotiates the encoding, respecting refusals', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('caches hashed assets for a year', async () => {
    const res = await get('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the precompressed asset when the browser accepts gzip', async () => {
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the manifest and caches other files for an hour', async () => {
    expect((await get('/manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the public site for public pages and their aliases', async () => {
    for (const url of [
      '/privacy?lang=fr',
      '/privacy-policy',
      '/terms/',
      '/terms-of-service',
      '/cookies',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SITE);
    }
  });

  it('falls back to the app for its routes', async () => {
    for (const url of [
      '/dashboard',
      '/assets/market',
      '/login',
      '/Transactions/',
      '/portfolio/00000000-0000-4000-8000-000000000001?sim=x',
      '/savings/accounts',
      '/settings/api-keys',
      '/admin/market-data',
      // The first run's set-up page and the administrator's outgoing mail (issue 26).
      '/setup',
      '/admin/mail',
      // The service worker's copy of the shell is fetched from here.
      '/app-shell',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an address no page has with the app (its page-not-found screen) and 404', async () => {
    for (const url of [
      '/some/unknown/page',
      '/dashboards',
      '/assets/market/extra',
      '/portfolio',
      '/settings/nothing?x=1',
      '/privacy/old',
      '/%64ashboard-old',
    ]) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/nowhere' });
    expect(head.statusCode).toBe(404);
  });

  it('never publishes a source map, even one left in the served folder', async () => {
    const map = await get('/assets/main-abc123.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version":3');
    expect((await get('/assets/MAIN-ABC123.JS.MAP')).statusCode).toBe(404);
  });

  it('answers a real 404 for a missing file, never the shell', async () => {
    const res = await get('/assets/main-gone999.js');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps unknown API paths JSON', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('does not serve the SPA for non-GET methods', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
  });
});

describe('first HTML of public pages', () => {
  let root: string;
  let app: TestApp;
  const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <!--page-meta-->
    <title>Cairn</title>
    <!--/page-meta-->
    <link rel="manifest" href="/manifest.json" />
    <!--social-meta-->
    <!--/social-meta-->
  </head>
  <body><div id="root"></div></body>
</html>`;
  const strings = (lang: string) => ({
    siteName: 'Cairn',
    landing: { title: `landing ${lang}`, description: `landing description ${lang}` },
    privacy: { title: `privacy ${lang}`, description: `privacy description ${lang}` },
    terms: { title: `terms ${lang}`, description: `terms description ${lang}` },
    cookies: { title: `cookies ${lang}`, description: `cookies description ${lang}` },
    notFound: { title: `not found ${lang}`, description: `not found description ${lang}` },
  });

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cairn-web-seo-'));
    await writeFile(path.join(root, 'site.html'), TEMPLATE);
    await writeFile(path.join(root, 'index.html'), TEMPLATE);
    await writeFile(
      path.join(root, 'seo-meta.json'),
      JSON.stringify({ en: strings('en'), fr: strings('fr') }),
    );
    app = await createTestApp({ webRoot: root, env: { PUBLIC_URL: 'https://cairn.example.com' } });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('is in the browser language with that page title, and varies on it', async () => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>privacy fr</title>');
    expect(res.body).toContain('href="https://cairn.example.com/privacy?lang=fr"');
    expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
  });

  it('follows the saved language cookie (the one the web app writes), and ?lang= above all', async () => {
    expect(LANGUAGE_COOKIE).toBe('cairn_lang');
    const cookie = await app.app.inject({
      method: 'GET',
      url: '/terms',
      headers: { 'accept-language': 'fr', cookie: `${LANGUAGE_COOKIE}=en` },
    });
    expect(cookie.body).toContain('<title>terms en</title>');
    const query = await app.app.inject({
      method: 'GET',
      url: '/?lang=fr',
      headers: { cookie: `${LANGUAGE_COOKIE}=en` },
    });
    expect(query.body).toContain('<title>landing fr</title>');
  });

  it("titles an address no page has 'not found' in the visitor's language", async () => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>not found fr</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    const known = await app.app.inject({ method: 'GET', url: '/dashboard' });
    expect(known.body).toContain('<title>landing en</title>');
    expect(known.body).not.toContain('noindex');
  });

  it('does not serve the templates or the metadata file as files', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/site.html' })).statusCode).toBe(404);
    expect((await app.app.inject({ method: 'GET', url: '/seo-meta.json' })).statusCode).toBe(404);
    // Nor their precompressed copies, nor any .gz/.br file by its own name.
    expect((await app.app.inject({ method: 'GET', url: '/site.html.gz' })).statusCode).toBe(404);
    const copy = await app.app.inject({ method: 'GET', url: '/assets/main-abc123.js.gz' });
    expect(copy.statusCode).toBe(404);
  });
});
