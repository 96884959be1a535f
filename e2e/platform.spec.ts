import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test.describe('platform', () => {
  test.describe('an unknown path', () => {
    // The browser logs the 404 status the page is answered with.
    test.use({ expectedErrors: /status of 404 \(Not Found\)/ });
    test('shows a signed-out visitor a page-not-found screen (issue 26); a signed-in page sends them to /login', async ({
      page,
    }) => {
      await page.goto('/some/unknown/place');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL('/some/unknown/place');
      await page.goto('/dashboard');
      await expect(page).toHaveURL('/login');
    });
  });

  test.describe('error report', () => {
    test.use({ expectedErrors: /e2e uncaught failure|e2e rejected promise/ });
    test('Ctrl+Shift+E downloads the captured errors as JSON', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // An uncaught error and an unhandled rejection, raised by the page itself.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('e2e uncaught failure');
        });
        void Promise.reject(new Error('e2e rejected promise'));
      });
      await expect
        .poll(() =>
          page.evaluate(() => JSON.parse(localStorage.getItem('cairn.errors') ?? '[]').length),
        )
        .toBe(2);

      const download = page.waitForEvent('download');
      await page.keyboard.press('Control+Shift+E');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^cairn-error-report-.+\.json$/);
      const report = JSON.parse(await readFile((await file.path())!, 'utf8'));
      expect(report.app).toBe('cairn');
      expect(report.errors.map((e: { message: string }) => e.message)).toEqual([
        'e2e uncaught failure',
        'e2e rejected promise',
      ]);
      for (const record of report.errors) {
        expect(Object.keys(record).sort()).toEqual([
          'context',
          'id',
          'message',
          'stack',
          'timestamp',
          'url',
          'userAgent',
        ]);
      }
    });
  });

  test('public pages arrive with their title and language in the first HTML', async ({
    request,
  }) => {
    const french = await request.get('/privacy?lang=fr');
    const html = await french.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Politique de confidentialité · Cairn</title>');
    expect(french.headers()['content-security-policy']).toContain("script-src 'self'");
    const english = await request.get('/terms', { headers: { 'accept-language': 'en-GB' } });
    expect(await english.text()).toContain('<title>Terms of service · Cairn</title>');
  });

  test('robots.txt, sitemap.xml, favicon and manifests are served', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: http://127.0.0.1');
    expect(await (await request.get('/sitemap.xml')).text()).toContain('<urlset');
    expect((await request.get('/favicon.svg')).status()).toBe(200);
    expect((await request.get('/og-image.png')).headers()['content-type']).toBe('image/png');
    expect((await (await request.get('/manifest-fr.json')).json()).lang).toBe('fr');
  });
});
