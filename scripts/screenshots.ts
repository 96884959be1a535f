/**
 * Screenshots of pages in both languages, light and dark, desktop and 390 px mobile, against a
 * running server: `npx tsx scripts/screenshots.ts http://127.0.0.1:4173 / /privacy` (files go to
 * .tmp/screenshots). An optional SCREENSHOT_COOKIE signs the browser in.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:4173', ...paths] = process.argv.slice(2);
const out = path.resolve(import.meta.dirname, '..', '.tmp', 'screenshots');
await mkdir(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const viewports = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
for (const pagePath of paths.length ? paths : ['/']) {
  for (const lang of ['en', 'fr'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [device, viewport] of Object.entries(viewports)) {
        const context = await browser.newContext({
          viewport,
          colorScheme: scheme,
          locale: lang === 'fr' ? 'fr-FR' : 'en-US',
          deviceScaleFactor: 1,
          isMobile: device === 'mobile',
        });
        if (process.env.SCREENSHOT_COOKIE) {
          const [name = '', value = ''] = process.env.SCREENSHOT_COOKIE.split('=');
          await context.addCookies([{ name, value, url: base }]);
        }
        const page = await context.newPage();
        const url = new URL(pagePath, base);
        url.searchParams.set('lang', lang);
        await page.goto(url.toString(), { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${scheme}-${device}.png`;
        await page.screenshot({ path: path.join(out, name), fullPage: true });
        await context.close();
      }
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
