/* eslint-disable no-restricted-imports -- the test writes its input with the shared generator
   (../shared/bench-data); the code under test does no I/O. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dec } from '../money/decimal';
import { computePortfolioValuation } from './engine';
import { type BenchFile, benchValuationInput } from './testing/bench-portfolio';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const generator = path.resolve(repoRoot, '..', 'shared', 'bench-data', 'generate-synthetic.js');
const folder = mkdtempSync(path.join(tmpdir(), 'cairn-valuation-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function benchFile(activities: 1000 | 10000): BenchFile {
  const file = path.join(folder, `${activities}.json`);
  execFileSync(process.execPath, [generator, String(activities), file], { stdio: 'ignore' });
  return JSON.parse(readFileSync(file, 'utf8')) as BenchFile;
}

// The figures of ../shared/bench-data/README.md, exact, on 2024-12-31 (USD).
describe('the 1,000-activity bench portfolio', () => {
  const file = benchFile(1000);

  it('is worth 1,873,096.04 with 4,917.45 of fees and 18,579.0433 of dividends', () => {
    const result = computePortfolioValuation(benchValuationInput(file));
    expect(result.figures.value).toBe('1873096.04');
    expect(result.figures.fees).toBe('4917.45');
    expect(result.figures.dividends).toBe('18579.0433');
    expect(result.unpriced).toEqual([]);
    expect(result.series.length).toBeLessThanOrEqual(500);
    expect(result.series.at(-1)?.value).toBe(1873096.04);
  });

  it('gives the same figures when the engine replays the lots and parses the dates itself', () => {
    const fromLedger = computePortfolioValuation(benchValuationInput(file));
    const own = computePortfolioValuation(
      benchValuationInput(file, { lots: 'engine', closes: 'dates' }),
    );
    expect(own.figures.value).toBe(fromLedger.figures.value);
    // The same to the 20th decimal: the ledger's lots carry its 28-digit fee shares, summed
    // exactly here, where the engine's own replay adds them up at 28 digits.
    const to20 = (text: string) => dec(text).toDecimalPlaces(20).toFixed();
    expect(to20(own.figures.costBasis)).toBe(to20(fromLedger.figures.costBasis));
    expect(to20(own.figures.realisedGain)).toBe(to20(fromLedger.figures.realisedGain));
    expect(own.performance).toEqual(fromLedger.performance);
  });
});

describe('the 10,000-activity bench portfolio', () => {
  it('is worth 12,673,892.17 with 49,253.04 of fees and 188,583.1968 of dividends', () => {
    const result = computePortfolioValuation(benchValuationInput(benchFile(10000)));
    expect(result.figures.value).toBe('12673892.17');
    expect(result.figures.fees).toBe('49253.04');
    expect(result.figures.dividends).toBe('188583.1968');
  }, 60_000);
});
