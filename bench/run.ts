/** `npm run bench`: runs every benchmark against the production build and writes bench/results/. */
import { authBench } from './auth.bench';
import { foundationBench } from './foundation.bench';
import { describeGrowth, growthBench } from './growth.bench';
import { ledgerBench } from './ledger.bench';
import { ledgerWritesBench } from './ledger-writes.bench';
import { projectionBench } from './projection.bench';
import { searchBench } from './search.bench';
import { describeLoad, loadBench } from './load.bench';
import { describeReads, readsBench } from './reads.bench';
import { transactionsBench } from './transactions.bench';
import { describeValuation, valuationBench } from './valuation.bench';
import { ensureBuilt, writeResult } from './lib';

await ensureBuilt();
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');

// The pure-computation benchmark first, in a fresh process heap (before Lighthouse and servers).
const ledger = await ledgerBench();
const ledgerFile = await writeResult('ledger', ledger);
console.log(`
Ledger replay (${ledgerFile}): lots and tax for ${ledger.transactions} transactions over ${ledger.holdings} holdings
${Object.entries(ledger.methods)
  .map(
    ([method, figures]) =>
      `  ${method.padEnd(14)} ${figures.medianMs} ms (target < 100 ms ${check(figures.medianMs < 100)}), ${figures.sales} sales; formatting every estimate ${figures.formatMs} ms`,
  )
  .join('\n')}
`);

const searched = await searchBench();
const searchFile = await writeResult('search', searched);
console.log(`
Global search (${searchFile}): one keystroke over ${searched.documents} documents (${searched.holdings} holdings and their transactions), index built in ${searched.buildIndexMs} ms
  typed, letter by letter    p50 ${searched.typedKeystrokeMs.p50} ms, p95 ${searched.typedKeystrokeMs.p95} ms (target <= 5 ms ${check(searched.typedKeystrokeMs.p95 <= 5)}); CPU time p95 ${searched.typedKeystrokeCpuMs.p95} ms
  each query alone (cold)    p50 ${searched.coldQueryMs.p50} ms, p95 ${searched.coldQueryMs.p95} ms
  filtered, sorted by date   p50 ${searched.filteredAndSortedByDateMs.p50} ms, p95 ${searched.filteredAndSortedByDateMs.p95} ms
`);

const projection = await projectionBench();
const projectionFile = await writeResult('projection', projection);
console.log(`
Wealth projection (${projectionFile}): ${projection.paths.toLocaleString('en')} Monte Carlo paths x ${projection.months} months with 5 percentile bands
  in Chromium's Web Worker   log-normal ${projection.browserWorker.lognormal.workerMs} ms (target <= 150 ms ${check(projection.browserWorker.lognormal.workerMs <= 150)}), fat-tailed ${projection.browserWorker.fat_tailed.workerMs} ms, bootstrap ${projection.browserWorker.bootstrap.workerMs} ms; longest main-thread task ${projection.longestMainThreadTaskMs} ms (target <= 50 ms ${check(projection.longestMainThreadTaskMs <= 50)})
  in Node (server worker)    log-normal ${projection.node.lognormalMs} ms, fat-tailed ${projection.node.fatTailedMs} ms, bootstrap ${projection.node.bootstrapMs} ms
`);

const writes = await ledgerWritesBench();
const writesFile = await writeResult('ledger-writes', writes);
const writeLine = (
  database: string,
  shape: string,
  figures: Awaited<ReturnType<typeof ledgerWritesBench>>['postgresql']['balanced'],
) =>
  `  ${database.padEnd(10)} ${shape.padEnd(12)} (${figures.openLotsAfterSeeding} open lots): new sell p50 ${figures.newSellMs.p50} ms, p95 ${figures.newSellMs.p95} ms (target < ${database === 'postgresql' ? 20 : 50} ms ${check(figures.newSellMs.p50 < (database === 'postgresql' ? 20 : 50))}), LIFO p50 ${figures.newLifoSellMs.p50} ms; back-dated buy ${figures.backdatedBuyMs.p50} ms; whole replay ${figures.wholeReplayMs.p50} ms; thread held at most ${figures.longestThreadHoldDuringBackdatedMs} ms`;
console.log(`
Ledger writes (${writesFile}): one new transaction on a holding with 10,000 (or 20,000 buys)
${writeLine('postgresql', 'balanced', writes.postgresql.balanced)}
${writeLine('postgresql', 'accumulating', writes.postgresql.accumulating)}
${writeLine('postgresql', 'bought', writes.postgresql.bought)}
${writeLine('pglite', 'balanced', writes.pglite.balanced)}
${writeLine('pglite', 'accumulating', writes.pglite.accumulating)}
${writeLine('pglite', 'bought', writes.pglite.bought)}
`);

const foundation = await foundationBench();
const file = await writeResult('foundation', foundation);
console.log(`
Foundation (${file})
  start to ready, fresh data folder   ${foundation.startup.freshMs} ms
  start to ready, reopened            ${foundation.startup.reopenedMs} ms   target < 1500 ms  ${check(foundation.startup.reopenedMs < 1500)}
  landing JavaScript, gzipped (en)    ${foundation.landingJavaScript.en.kilobytesGzipped} KB   target <= 120 KB  ${check(foundation.landingJavaScript.en.kilobytesGzipped <= 120)}
  landing JavaScript, gzipped (fr)    ${foundation.landingJavaScript.fr.kilobytesGzipped} KB
  Lighthouse mobile: performance ${foundation.lighthouse.mobile.performance} (target >= 95 ${check(foundation.lighthouse.mobile.performance >= 95)}), accessibility ${foundation.lighthouse.mobile.accessibility} (target 100 ${check(foundation.lighthouse.mobile.accessibility === 100)}), best practices ${foundation.lighthouse.mobile.bestPractices}, SEO ${foundation.lighthouse.mobile.seo}
    FCP ${foundation.lighthouse.mobile.firstContentfulPaintMs} ms, LCP ${foundation.lighthouse.mobile.largestContentfulPaintMs} ms, TBT ${foundation.lighthouse.mobile.totalBlockingTimeMs} ms, CLS ${foundation.lighthouse.mobile.cumulativeLayoutShift}
  Lighthouse desktop: performance ${foundation.lighthouse.desktop.performance}, accessibility ${foundation.lighthouse.desktop.accessibility}
`);

const auth = await authBench();
const authFile = await writeResult('auth', auth);
console.log(`
Sign-in (${authFile})
  ${auth.clients} concurrent clients for ${auth.durationSeconds} s on loopback (${auth.cpus} CPUs, ${auth.database})
  ${auth.requests} sign-ins, ${auth.failures} failed: ${auth.requestsPerSecond} per second
  latency p50 ${auth.latencyMs.p50} ms, p95 ${auth.latencyMs.p95} ms, p99 ${auth.latencyMs.p99} ms
`);

const list = await transactionsBench();
const listFile = await writeResult('transactions', list);
const line = (label: string, figures: { p50: number; p95: number; failures: number }) =>
  `  ${label.padEnd(30)} p50 ${figures.p50} ms, p95 ${figures.p95} ms${figures.failures ? `, ${figures.failures} failed` : ''}`;
console.log(`
Transactions list (${listFile}): pages of 50 from ${list.transactions} transactions over ${list.holdings} holdings, ${list.database}, ${list.requests} requests each
${line('first page', list.firstPage)}   target p95 < 20 ms  ${check(list.firstPage.p95 < 20 && list.firstPage.failures === 0)}
${line('page 1000 (offset 49,950)', list.page1000)}
${line('filtered by type', list.filteredByType)}
${line('sorted by amount', list.sortedByAmount)}
`);

const load = await loadBench();
console.log(`\n${describeLoad(load, await writeResult('load', load))}\n`);

const reads = await readsBench();
console.log(`\n${describeReads(reads, await writeResult('reads', reads))}\n`);

const grown = await growthBench();
console.log(`\n${describeGrowth(grown, await writeResult('growth', grown))}\n`);

const valuation = await valuationBench();
console.log(`\n${describeValuation(valuation, await writeResult('valuation', valuation))}\n`);
