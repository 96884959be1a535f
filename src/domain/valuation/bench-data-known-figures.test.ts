import { describe, expect, it } from 'vitest';
import { dec } from '../money/decimal';
import { computePortfolioValuation } from './engine';
import { type BenchFile, benchValuationInput } from './testing/bench-portfolio';

/**
 * The shared generator (../shared/bench-data/generate-synthetic.js, beside the repository; it
 * exists in CI), loaded by URL: the files it writes are JSON.stringify(generate(params)), so the
 * test builds the same portfolio in memory, without file or process APIs (domain tests are
 * type-checked for the browser too).
 */
const generatorUrl = new URL('../../../../shared/bench-data/generate-synthetic.js', import.meta.url)
  .href;
type Generator = { generate: (params: { N: number; S: number }) => unknown };

async function benchFile(activities: 1000 | 10000): Promise<BenchFile> {
  const module = (await import(/* @vite-ignore */ generatorUrl)) as Generator & {
    default?: Generator;
  };
  const generate = module.generate ?? module.default?.generate;
  if (!generate) throw new Error(`No generate() in ${generatorUrl}`);
  const symbols = activities === 1000 ? 50 : 250;
  return JSON.parse(JSON.stringify(generate({ N: activities, S: symbols }))) as BenchFile;
}

// The figures of ../shared/bench-data/README.md, exact, on 2024-12-31 (USD).
describe('the 1,000-activity bench portfolio', () => {
  it('is worth 1,873,096.04 with 4,917.45 of fees and 18,579.0433 of dividends', async () => {
    const file = await benchFile(1000);
    const result = computePortfolioValuation(benchValuationInput(file));
    expect(result.figures.value).toBe('1873096.04');
    expect(result.figures.fees).toBe('4917.45');
    expect(result.figures.dividends).toBe('18579.0433');
    expect(result.unpriced).toEqual([]);
    expect(result.series.length).toBeLessThanOrEqual(500);
    expect(result.series.at(-1)?.value).toBe(1873096.04);
  });

  it('gives the same figures when the engine replays the lots and parses the dates itself', async () => {
    const file = await benchFile(1000);
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
  it('is worth 12,673,892.17 with 49,253.04 of fees and 188,583.1968 of dividends', async () => {
    const result = computePortfolioValuation(benchValuationInput(await benchFile(10000)));
    expect(result.figures.value).toBe('12673892.17');
    expect(result.figures.fees).toBe('49253.04');
    expect(result.figures.dividends).toBe('188583.1968');
  }, 60_000);
});
