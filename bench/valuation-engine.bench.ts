/**
 * Valuation engine (issue 13): the 10,000-activity bench portfolio (250 symbols, a close for
 * every day of 2015-2024: about 913,000 holding-days), valued in USD as of 2024-12-31 with TWR,
 * MWR, risk figures and the MAX chart series. Pure computation: the file is generated and adapted
 * into the engine's input first (the server's database reads are not measured here). Target:
 * well under 150 ms in process.
 *
 *   npx tsx bench/valuation-engine.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { computePortfolioValuation, toDay } from '../src/domain/valuation';
import {
  type BenchFile,
  benchValuationInput,
} from '../src/domain/valuation/testing/bench-portfolio';
import { median, ROOT, writeResult } from './lib';

const ACTIVITIES = 10_000;
const RUNS = 5;
const round = (ms: number) => Math.round(ms * 10) / 10;
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function generate(): BenchFile {
  const folder = mkdtempSync(path.join(tmpdir(), 'cairn-valuation-bench-'));
  try {
    const file = path.join(folder, `${ACTIVITIES}.json`);
    execFileSync(
      process.execPath,
      [path.join('..', 'shared', 'bench-data', 'generate-synthetic.js'), String(ACTIVITIES), file],
      { cwd: ROOT, stdio: 'ignore' },
    );
    return JSON.parse(readFileSync(file, 'utf8')) as BenchFile;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs the engine `RUNS` times on one input: first and median times, heap after. */
function measure(input: ReturnType<typeof benchValuationInput>) {
  const times: number[] = [];
  const cpu: number[] = [];
  let value = '';
  let points = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = computePortfolioValuation(input);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    value = result.figures.value;
    points = result.series.length;
  }
  return {
    firstMs: round(times[0] as number),
    medianMs: round(median(times)),
    // Once the JIT has compiled the engine (the runs after the first two).
    warmMedianMs: round(median(times.slice(2))),
    runsMs: times.map(round),
    // Process CPU time (all threads, the garbage collector's included): less sensitive than
    // wall time to other work on the machine.
    firstCpuMs: round(cpu[0] as number),
    medianCpuMs: round(median(cpu)),
    heapUsedMb: megabytes(process.memoryUsage().heapUsed),
    value,
    chartPoints: points,
  };
}

export async function valuationEngineBench() {
  const file = generate();
  // As the server would pass it: closes as day numbers, the ledger's open lots and tax rows.
  let started = performance.now();
  const input = benchValuationInput(file);
  const adaptMs = round(performance.now() - started);
  // Days from each holding's first transaction to asOf, summed: the days the engine walks.
  const asOf = toDay(input.asOf);
  let holdingDays = 0;
  for (const holding of input.holdings) {
    const first = holding.transactions?.[0]?.date;
    if (first) holdingDays += asOf - toDay(first) + 1;
  }
  const heapBeforeMb = megabytes(process.memoryUsage().heapUsed);
  const ledgerLots = measure(input);
  // The engine's fallbacks: it replays the lots itself (FIFO) and parses YYYY-MM-DD closes.
  started = performance.now();
  const ownInput = benchValuationInput(file, { lots: 'engine', closes: 'dates' });
  const ownAdaptMs = round(performance.now() - started);
  const ownLots = measure(ownInput);
  return {
    /** The machine's load average when measured (2 cores here: above 2, others were busy). */
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    activities: file.activities.length,
    holdings: input.holdings.length,
    holdingDays,
    adaptMs,
    heapBeforeMb,
    ledgerLots,
    engineReplaysLotsAndParsesDates: { adaptMs: ownAdaptMs, ...ownLots },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await valuationEngineBench();
  const file = await writeResult('valuation-engine', result);
  const { ledgerLots: a, engineReplaysLotsAndParsesDates: b } = result;
  console.log(`
Valuation engine (${file}): ${result.activities} activities, ${result.holdings} holdings, ${result.holdingDays} holding-days
  ledger lots, day-number closes:   first ${a.firstMs} ms (cpu ${a.firstCpuMs}), median ${a.medianMs} ms (cpu ${a.medianCpuMs}), warm ${a.warmMedianMs} ms, heap ${a.heapUsedMb} MB (value ${a.value}, ${a.chartPoints} chart points)
  engine replays lots, date closes: first ${b.firstMs} ms (cpu ${b.firstCpuMs}), median ${b.medianMs} ms (cpu ${b.medianCpuMs}), warm ${b.warmMedianMs} ms, heap ${b.heapUsedMb} MB
  load average ${result.loadAverage.join(' ')}
  adapting the file: ${result.adaptMs} ms (${b.adaptMs} ms without lots)
`);
}
