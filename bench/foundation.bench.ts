/**
 * Foundation figures (issue 2): time from `node dist/server/main.js` to a 200 from /api/v1/ready
 * on a fresh data folder and on a reopened one; the gzipped JavaScript the landing page loads; a
 * Lighthouse run on the landing page.
 * Targets: reopened start < 1.5 s; landing JS <= 120 KB gzipped; Lighthouse performance >= 95 and
 * accessibility 100.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, ROOT, startServer, writeResult } from './lib';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startupTimes() {
  const fresh: number[] = [];
  const reopened: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-'));
    const first = await startServer({ DATA_DIR: dataDir });
    fresh.push(first.readyMs);
    await first.stop();
    for (let again = 0; again < 2; again += 1) {
      const next = await startServer({ DATA_DIR: dataDir });
      reopened.push(next.readyMs);
      await next.stop();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    freshMs: Math.round(median(fresh)),
    reopenedMs: Math.round(median(reopened)),
    samples: { fresh, reopened },
  };
}

/** Every script the landing page requests until the network is idle, gzipped at level 9 from dist/web. */
export async function landingJavaScript(url: string, language: 'en' | 'fr') {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const page = await browser.newPage({ locale: language === 'fr' ? 'fr-FR' : 'en-US' });
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await browser.close();
  let gzipped = 0;
  const files: Record<string, number> = {};
  for (const script of scripts) {
    const content = await readFile(path.join(ROOT, 'dist', 'web', script));
    const size = gzipSync(content, { level: 9 }).length;
    files[script] = size;
    gzipped += size;
  }
  return { kilobytesGzipped: Math.round((gzipped / 1024) * 10) / 10, files };
}

export async function lighthouseScores(url: string, formFactor: 'mobile' | 'desktop') {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const config =
      formFactor === 'desktop'
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      config,
    );
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cumulativeLayoutShift:
        Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

export async function foundationBench() {
  const startup = await startupTimes();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const js = {
      en: await landingJavaScript(`${server.url}/`, 'en'),
      fr: await landingJavaScript(`${server.url}/`, 'fr'),
    };
    const lighthouseMobile = await lighthouseScores(`${server.url}/`, 'mobile');
    const lighthouseDesktop = await lighthouseScores(`${server.url}/`, 'desktop');
    return {
      startup,
      landingJavaScript: js,
      lighthouse: { mobile: lighthouseMobile, desktop: lighthouseDesktop },
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone (`npx tsx bench/foundation.bench.ts`, after `npm run build`): the start-up times, the
// landing page's JavaScript and its Lighthouse scores, written to bench/results/foundation.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await foundationBench();
  console.log(JSON.stringify({ ...result, landingJavaScript: undefined }, null, 2));
  console.log(
    `landing JavaScript, gzipped: en ${result.landingJavaScript.en.kilobytesGzipped} KB, fr ${result.landingJavaScript.fr.kilobytesGzipped} KB (target <= 120 KB)`,
  );
  console.log(await writeResult('foundation', result));
}
