import { isFxCurrency } from '@/domain/market-data/fx';
import { type HttpOptions, ProviderHttp } from './http';
import type { FxProvider, FxRate } from './types';
import { readXml, XmlError } from './xml';

/**
 * The ECB's euro foreign exchange reference rates: `{base}/eurofxref-daily.xml` (the last
 * working day), `eurofxref-hist-90d.xml` and `eurofxref-hist.xml` (since 1999), each
 * `gesmes:Envelope > Cube > Cube time="YYYY-MM-DD" > Cube currency="USD" rate="1.0812"`.
 */

export const ECB_FILES = {
  daily: 'eurofxref-daily.xml',
  days90: 'eurofxref-hist-90d.xml',
  history: 'eurofxref-hist.xml',
} as const;

const DAY_MS = 86_400_000;
const DATE = (value: string) =>
  value.length === 10 &&
  value[4] === '-' &&
  value[7] === '-' &&
  [...value].every((c, i) => i === 4 || i === 7 || (c >= '0' && c <= '9'));
const RATE = (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n > 0 && !value.includes('e');
};

/** The rates of an ECB file (every day it holds), checked. */
export async function parseEcbRates(xml: string): Promise<FxRate[]> {
  const rates: FxRate[] = [];
  let day: string | null = null;
  let sawEnvelope = false;
  await readXml(xml, (element) => {
    if (element.depth === 0) {
      if (!element.name.endsWith('Envelope')) throw new XmlError('not an ECB envelope', 0);
      sawEnvelope = true;
      return;
    }
    if (element.name !== 'Cube') return;
    const time = element.attributes.get('time');
    if (time !== undefined) {
      if (!DATE(time)) throw new XmlError(`bad date ${time.slice(0, 20)}`, 0);
      day = time;
      return;
    }
    const currency = element.attributes.get('currency');
    const rate = element.attributes.get('rate');
    if (currency === undefined && rate === undefined) return; // the outer Cube
    if (!day || !currency || !rate) throw new XmlError('a rate outside a day', 0);
    if (!isFxCurrency(currency) || !RATE(rate)) throw new XmlError(`bad rate ${currency}`, 0);
    rates.push({ currency, date: day, rate: rate.trim() });
  });
  if (!sawEnvelope) throw new XmlError('not an ECB envelope', 0);
  return rates;
}

export class EcbProvider implements FxProvider {
  readonly name = 'ecb' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly baseUrl: string,
    options: HttpOptions,
    private readonly today: () => Date = () => new Date(),
  ) {
    this.http = new ProviderHttp('ecb', options);
  }

  /** The smallest file holding every day from `from` (none: the last day only). */
  fileFor(from?: string): string {
    if (!from) return ECB_FILES.daily;
    const age = (this.today().getTime() - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
    if (age <= 3) return ECB_FILES.daily;
    if (age < 85) return ECB_FILES.days90;
    return ECB_FILES.history;
  }

  async fetchRates(from?: string): Promise<FxRate[]> {
    const file = this.fileFor(from);
    const xml = await this.http.get(`${this.baseUrl}/${file}`, file);
    let rates: FxRate[];
    try {
      rates = await parseEcbRates(xml);
    } catch (error) {
      if (error instanceof XmlError) throw this.http.malformed(file, error.message);
      throw error;
    }
    if (rates.length === 0) throw this.http.malformed(file, 'no rates');
    return from ? rates.filter((rate) => rate.date >= from) : rates;
  }
}
