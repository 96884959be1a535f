import type { HoldingClass } from '@/contracts/holdings';
import type { Instrument } from '@/contracts/market-data';
import { CURRENCIES } from '@/contracts/settings';
import { dec, toPlain } from '@/domain/money/decimal';
import { CLASS_FIELDS } from './classes';

/** What the form says after a suggestion fills it (translated as `holdings:lookup.notes.<kind>`). */
export type FillNote =
  | { kind: 'pence' }
  | { kind: 'currencyUnsupported'; currency: string }
  | { kind: 'currencyUnknown' };

const PENCE = new Set(['GBp', 'GBX']);
const isIn = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * The add form's values a chosen instrument fills, for the fields this class's form has: symbol,
 * name, currency (pence become GBP), exchange and sector when the form lists them, and the current
 * price from the latest close (pence / 100). An instrument quoted in a currency the form does not
 * offer fills neither currency nor price (a price in another currency would be wrong) and says so.
 */
export function fillFromInstrument(
  holdingClass: HoldingClass,
  instrument: Instrument,
): { values: Record<string, string>; note: FillNote | null } {
  const fields = new Map(CLASS_FIELDS[holdingClass].map((field) => [field.name, field]));
  const values: Record<string, string> = {};
  const set = (name: string, value: string | null) => {
    if (value !== null && value !== '' && fields.has(name)) values[name] = value;
  };
  set('symbol', instrument.symbol);
  set('name', instrument.name);

  const quoted = instrument.currency;
  const pence = quoted !== null && PENCE.has(quoted);
  let note: FillNote | null = null;
  let priceOk = true;
  if (pence) {
    set('currency', 'GBP');
    note = { kind: 'pence' };
  } else if (isIn(CURRENCIES, quoted)) {
    set('currency', quoted);
  } else {
    priceOk = false;
    note = quoted ? { kind: 'currencyUnsupported', currency: quoted } : { kind: 'currencyUnknown' };
  }

  for (const name of ['exchange', 'sector'] as const) {
    const field = fields.get(name);
    const value = instrument[name];
    if (!field || !value) continue;
    // A select takes only its own choices; a text field takes what the instrument says.
    if (field.kind === 'select' && !isIn(field.options ?? [], value)) continue;
    set(name, value);
  }

  if (priceOk && instrument.latestClose !== null) {
    const close = dec(instrument.latestClose);
    set('currentPrice', toPlain(pence ? close.div(100) : close));
  }
  return { values, note };
}
