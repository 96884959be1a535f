/**
 * Renders the PNG icons and the social image from HTML in Chromium (run once; the PNGs are
 * committed): `npx tsx scripts/render-brand-images.ts`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'src/web/public');
const fontFile = path.join(
  root,
  'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
);
const font = (await readFile(fontFile)).toString('base64');

const mark = (fill: string) => `
  <svg viewBox="0 0 32 32" width="100%" height="100%">
    <ellipse fill="${fill}" cx="16" cy="25.5" rx="11.5" ry="4.5"/>
    <ellipse fill="${fill}" cx="15.2" cy="17.6" rx="8.4" ry="3.7" opacity=".82"/>
    <ellipse fill="${fill}" cx="16.6" cy="10.6" rx="5.6" ry="3.1" opacity=".64"/>
    <ellipse fill="${fill}" cx="15.8" cy="4.9" rx="3" ry="2.1" opacity=".48"/>
  </svg>`;

const page = (body: string, width: number, height: number) => `<!doctype html><html><head><style>
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  html, body { margin: 0; width: ${width}px; height: ${height}px; font-family: Inter, sans-serif; }
</style></head><body>${body}</body></html>`;

const icon = (size: number, padding: number, background: string) =>
  page(
    `<div style="width:${size}px;height:${size}px;background:${background};display:flex;align-items:center;justify-content:center;border-radius:${background === 'transparent' ? 0 : size * 0.22}px">
       <div style="width:${size - padding * 2}px;height:${size - padding * 2}px">${mark(background === '#2f6b6e' ? '#f8f7f4' : '#2f6b6e')}</div>
     </div>`,
    size,
    size,
  );

const social = page(
  `<div style="width:1200px;height:630px;background:#f8f7f4;display:flex;flex-direction:column;justify-content:space-between;padding:72px 80px;box-sizing:border-box;position:relative;overflow:hidden">
     <div style="position:absolute;right:-60px;bottom:-90px;width:560px;height:560px;opacity:.14">${mark('#2f6b6e')}</div>
     <div style="display:flex;align-items:center;gap:18px;font-size:40px;font-weight:650;color:#1f2630;letter-spacing:-0.02em">
       <div style="width:64px;height:64px">${mark('#2f6b6e')}</div>Cairn
     </div>
     <div>
       <div style="font-size:72px;line-height:1.05;font-weight:650;color:#1f2630;letter-spacing:-0.035em;max-width:900px">Every asset you own, in one calm place.</div>
       <div style="margin-top:28px;font-size:30px;color:#5b6470;max-width:920px;line-height:1.35">Stocks, crypto, real estate, crowdfunding and savings. Cost basis, French tax estimate, projections. English &amp; français.</div>
     </div>
   </div>`,
  1200,
  630,
);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const shots: [string, string, number, number, boolean][] = [
  ['favicon-32.png', icon(32, 2, 'transparent'), 32, 32, true],
  ['apple-touch-icon.png', icon(180, 30, '#f8f7f4'), 180, 180, false],
  ['icon-192.png', icon(192, 28, '#f8f7f4'), 192, 192, true],
  ['icon-512.png', icon(512, 72, '#f8f7f4'), 512, 512, true],
  [
    'icon-maskable-512.png',
    page(
      `<div style="width:512px;height:512px;background:#2f6b6e;display:flex;align-items:center;justify-content:center"><div style="width:280px;height:280px">${mark('#f8f7f4')}</div></div>`,
      512,
      512,
    ),
    512,
    512,
    false,
  ],
  ['og-image.png', social, 1200, 630, false],
];
for (const [name, html, width, height, transparent] of shots) {
  const tab = await browser.newPage({ viewport: { width, height } });
  await tab.setContent(html);
  await tab.screenshot({ path: path.join(out, name), omitBackground: transparent });
  await tab.close();
}
await browser.close();
console.log(`wrote ${shots.length} images to ${out}`);
