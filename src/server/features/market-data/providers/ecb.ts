import { type EcbReading, readEcbFile } from './ecb-file';
import { type HttpOptions, ProviderHttp } from './http';
import type { FxProvider, FxRate } from './types';

/**
 * The ECB's euro foreign exchange reference rates: `{base}/eurofxref-daily.xml` (the last
 * working day), `eurofxref-hist-90d.xml` and `eurofxref-hist.xml` (since 1999), each
 * `gesmes:Envelope > Cube > Cube time="YYYY-MM-DD" > Cube currency="USD" rate="1.0812"`, read by
 * `readEcbFile` (fast-xml-parser), on a compute worker when the server passes one.
 */

export const ECB_FILES = {
  daily: 'eurofxref-daily.xml',
  days90: 'eurofxref-hist-90d.xml',
  history: 'eurofxref-hist.xml',
} as const;

const DAY_MS = 86_400_000;

/** A file that is not well-formed XML or not a set of ECB rates. */
export class EcbFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcbFormatError';
  }
}

/** Reads an ECB file, here or on a compute worker (`ecbRates`, workers/compute-tasks.ts). */
export type EcbReader = (xml: string) => Promise<EcbReading>;
const readHere: EcbReader = async (xml) => readEcbFile(xml);

/** The rates of an ECB file (every day it holds), checked. */
export async function parseEcbRates(xml: string, read: EcbReader = readHere): Promise<FxRate[]> {
  const reading = await read(xml);
  if (!reading.ok) throw new EcbFormatError(reading.reason);
  return reading.rates;
}

export class EcbProvider implements FxProvider {
  readonly name = 'ecb' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly baseUrl: string,
    options: HttpOptions,
    private readonly today: () => Date = () => new Date(),
    private readonly read: EcbReader = readHere,
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
      rates = await parseEcbRates(xml, this.read);
    } catch (error) {
      if (error instanceof EcbFormatError) throw this.http.malformed(file, error.message);
      throw error;
    }
    if (rates.length === 0) throw this.http.malformed(file, 'no rates');
    return from ? rates.filter((rate) => rate.date >= from) : rates;
  }
}
