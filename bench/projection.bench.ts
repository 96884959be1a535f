import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { runProjection, type ProjectionInput } from '../src/domain/projection';
import { median, ROOT } from './lib';

/**
 * Wealth projection (issue 29): 10,000 Monte Carlo paths x 360 months with their percentile bands,
 * in Node and in Chromium's Web Worker (the app runs it there), and the longest main-thread task
 * while the worker runs (the page must stay responsive: no task over 50 ms).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const ROUNDS = 7;

const input = (mode: ProjectionInput['mode']): ProjectionInput => ({
  startValue: 150_000,
  monthlyContribution: 800,
  contributionGrowth: 0.02,
  months: 360,
  expectedReturn: 0.06,
  volatility: 0.15,
  inflation: 0.02,
  events: [{ month: 120, amount: -30_000 }],
  paths: 10_000,
  seed: 2026,
  mode,
  history: Array.from({ length: 60 }, (_, i) => Math.sin(i) * 0.04 + 0.004),
  targets: [{ month: 240, amount: 1_000_000 }],
});

function nodeTimes(mode: ProjectionInput['mode']) {
  runProjection(input(mode)); // warm-up
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    runProjection(input(mode));
    times.push(performance.now() - started);
  }
  return Math.round(median(times) * 10) / 10;
}

/** The domain module in a worker loop, bundled for the browser (esbuild, as Vite would). */
async function workerSource() {
  const bundled = await build({
    stdin: {
      contents: `
        import { runProjection } from './src/domain/projection';
        self.onmessage = (event) => {
          const started = performance.now();
          const result = runProjection(event.data);
          const ms = performance.now() - started;
          const buffers = [result.deterministic, result.paidIn, result.deflator,
            ...Object.values(result.bands)].map((array) => array.buffer);
          self.postMessage({ ms, result }, buffers);
        };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

type BrowserFigures = {
  figures: Record<string, { workerMs: number[]; roundTripMs: number[] }>;
  longestMainThreadTaskMs: number;
};

async function browserTimes() {
  const source = await workerSource();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    // A script as text: tsx would otherwise add helpers the page does not have to the function.
    const data = JSON.stringify({
      source,
      rounds: ROUNDS,
      inputs: {
        lognormal: input('lognormal'),
        fat_tailed: input('fat_tailed'),
        bootstrap: input('bootstrap'),
      },
    });
    return await page.evaluate<BrowserFigures>(`(async () => {
      const { source, inputs, rounds } = ${data};
      let longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const worker = new Worker(url);
      const once = (message) =>
        new Promise((resolve) => {
          const started = performance.now();
          worker.onmessage = (event) =>
            resolve({ ms: event.data.ms, roundTrip: performance.now() - started });
          worker.postMessage(message);
        });
      const figures = {};
      for (const [mode, message] of Object.entries(inputs)) {
        await once(message);
        figures[mode] = { workerMs: [], roundTripMs: [] };
        for (let round = 0; round < rounds; round += 1) {
          const { ms, roundTrip } = await once(message);
          figures[mode].workerMs.push(ms);
          figures[mode].roundTripMs.push(roundTrip);
        }
      }
      // Long tasks are reported a moment after they end.
      await new Promise((resolve) => setTimeout(resolve, 100));
      worker.terminate();
      return { figures, longestMainThreadTaskMs: longest };
    })()`);
  } finally {
    await browser.close();
  }
}

export async function projectionBench() {
  const node = {
    lognormalMs: nodeTimes('lognormal'),
    fatTailedMs: nodeTimes('fat_tailed'),
    bootstrapMs: nodeTimes('bootstrap'),
  };
  const browser = await browserTimes();
  const round = (values: number[]) => Math.round(median(values) * 10) / 10;
  return {
    paths: 10_000,
    months: 360,
    node,
    browserWorker: Object.fromEntries(
      Object.entries(browser.figures).map(([mode, figures]) => [
        mode,
        { workerMs: round(figures.workerMs), roundTripMs: round(figures.roundTripMs) },
      ]),
    ) as Record<ProjectionInput['mode'], { workerMs: number; roundTripMs: number }>,
    longestMainThreadTaskMs: Math.round(browser.longestMainThreadTaskMs),
    script: path.relative(ROOT, import.meta.filename),
  };
}
