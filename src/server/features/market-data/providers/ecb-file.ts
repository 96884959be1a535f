import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isFxCurrency } from '@/domain/market-data/fx';
import type { FxRate } from './types';

/**
 * Reads an ECB reference-rate file with fast-xml-parser: `gesmes:Envelope > Cube >
 * Cube time="YYYY-MM-DD" > Cube currency="USD" rate="1.0812"`. Pure and synchronous so that it
 * can run on a compute worker (the full history, ~7 MB, takes about 2 s to validate and parse):
 * it returns a reading instead of throwing, which crosses the worker boundary as data.
 */

export type EcbReading = { ok: true; rates: FxRate[] } | { ok: false; reason: string };

const DATE = (value: string) =>
  value.length === 10 &&
  value[4] === '-' &&
  value[7] === '-' &&
  [...value].every((c, i) => i === 4 || i === 7 || (c >= '0' && c <= '9'));
const RATE = (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n > 0 && !value.includes('e');
};

/**
 * Attributes as plain strings, no entity expansion (a DOCTYPE is refused before parsing anyway),
 * no number conversion (rates stay the exact decimal text), every `Cube` an array.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'Cube',
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const attribute = (node: Node, name: string) => {
  const value = node[`@${name}`];
  return typeof value === 'string' ? value : undefined;
};
/** The Cube children of a node; an empty `<Cube/>` comes out as '' (no attributes, no children). */
const cubes = (node: Node): Node[] => {
  const children = node.Cube;
  return Array.isArray(children) ? children.map((child) => (isNode(child) ? child : {})) : [];
};

class Refused extends Error {}

/**
 * What the ECB's files never hold and XMLValidator lets through: a DOCTYPE (so no entity
 * declarations) and CDATA, i.e. any `<!` that does not open a comment.
 */
function refuseDeclarations(xml: string) {
  for (let at = xml.indexOf('<!'); at >= 0; at = xml.indexOf('<!', at)) {
    if (!xml.startsWith('<!--', at)) throw new Refused('DOCTYPE and CDATA are not accepted');
    const end = xml.indexOf('-->', at + 4);
    if (end < 0) throw new Refused('unterminated comment');
    at = end + 3;
  }
}

function read(xml: string): FxRate[] {
  refuseDeclarations(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Refused(`${valid.err.msg} (line ${valid.err.line})`);
  const document: unknown = parser.parse(xml);
  // One root only (the validator accepts several), and it is the ECB's envelope.
  const roots = isNode(document) ? Object.keys(document) : [];
  const root = roots[0];
  if (roots.length !== 1 || root === undefined || !root.endsWith('Envelope'))
    throw new Refused('not an ECB envelope');
  const envelope = (document as Node)[root];
  if (!isNode(envelope) && envelope !== '') throw new Refused('not an ECB envelope');

  const rates: FxRate[] = [];
  // Every Cube at any depth, in document order: a `time` one opens a day, a `currency`/`rate`
  // one is a rate of the day it sits in, any other (the outer Cube) only holds the others.
  const walk = (node: Node, day: string | null) => {
    for (const cube of cubes(node)) {
      const time = attribute(cube, 'time');
      if (time !== undefined) {
        if (!DATE(time)) throw new Refused(`bad date ${time.slice(0, 20)}`);
        walk(cube, time);
        continue;
      }
      const currency = attribute(cube, 'currency');
      const rate = attribute(cube, 'rate');
      if (currency === undefined && rate === undefined) {
        walk(cube, day);
        continue;
      }
      if (!day || !currency || !rate) throw new Refused('a rate outside a day');
      if (!isFxCurrency(currency) || !RATE(rate))
        throw new Refused(`bad rate ${currency.slice(0, 20)}`);
      rates.push({ currency, date: day, rate: rate.trim() });
    }
  };
  if (isNode(envelope)) walk(envelope, null);
  return rates;
}

/** The rates of an ECB file (every day it holds), checked; or why it is refused. */
export function readEcbFile(xml: string): EcbReading {
  try {
    return { ok: true, rates: read(xml) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}

declare module '../../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** An ECB rates file read and checked (the full history takes about 2 s). */
    ecbRates: typeof readEcbFile;
  }
}
