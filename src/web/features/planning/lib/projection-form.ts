import { MIN_HISTORY_MONTHS, type ProjectionInput, type ProjectionMode } from '@/domain/projection';
import {
  PROJECTION_DEFAULT_SEED,
  PROJECTION_MAX_EVENTS,
  PROJECTION_MAX_PATHS,
  PROJECTION_MAX_YEARS,
  type ProjectionInputs,
} from '@/contracts/projections';

/** Paths every projection draws; the seed is fixed so the same inputs show the same bands. */
export const PROJECTION_PATHS = PROJECTION_MAX_PATHS;
export const PROJECTION_SEED = PROJECTION_DEFAULT_SEED;
export const MAX_EVENTS = PROJECTION_MAX_EVENTS;

/** What the form holds: texts as typed (a French user types 1 234,5), parsed on each change. */
export type ProjectionFields = {
  startValue: string;
  monthlyContribution: string;
  contributionGrowth: string;
  years: string;
  expectedReturn: string;
  volatility: string;
  inflation: string;
  mode: ProjectionMode;
  events: { key: number; year: string; amount: string }[];
};

/**
 * A number as typed, read with the user's decimal mark (`decimal`, from their number format):
 * spaces and apostrophes group digits; the other mark groups digits too when it sets off groups of
 * exactly three ('10,000' in English is ten thousand, '1.000' in French a thousand), and is
 * otherwise taken for a decimal mark ('6.5' typed in French is still six and a half).
 */
export function parseTypedNumber(text: string, decimal: ',' | '.' = '.'): number | null {
  const compact = text.replace(/[\s\u00a0\u202f'\u2019]/g, '');
  if (!/^[-+]?(\d[\d.,]*)?\d$|^[-+]?\d+[.,]?$/.test(compact)) return null;
  const other = decimal === ',' ? '.' : ',';
  let normal = compact;
  if (compact.includes(decimal)) {
    normal = compact.split(other).join('');
    if (normal.split(decimal).length > 2) return null;
    normal = normal.replace(decimal, '.');
  } else if (compact.includes(other)) {
    const grouped = new RegExp(`^[-+]?\\d{1,3}(\\${other}\\d{3})+$`).test(compact);
    if (grouped) normal = compact.split(other).join('');
    else if (compact.split(other).length === 2) normal = compact.replace(other, '.');
    else return null;
  }
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

type Rule = { min: number; max: number; integer?: boolean };
const RULES: Record<string, Rule> = {
  startValue: { min: 0, max: 1e12 },
  monthlyContribution: { min: -1e9, max: 1e9 },
  contributionGrowth: { min: -50, max: 50 },
  years: { min: 1, max: PROJECTION_MAX_YEARS, integer: true },
  expectedReturn: { min: -50, max: 100 },
  volatility: { min: 0, max: 200 },
  inflation: { min: -10, max: 50 },
};

/**
 * The inputs of the domain's projection from the form, or the fields' errors (message keys of the
 * planning namespace with their values). Percentages are typed as percents (6 for 6%).
 */
export function toProjectionInput(
  fields: ProjectionFields,
  history: readonly number[],
  decimal: ',' | '.' = '.',
):
  | { input: ProjectionInput }
  | { errors: Record<string, { key: string; min?: number; max?: number }> } {
  const errors: Record<string, { key: string; min?: number; max?: number }> = {};
  const read = (name: keyof typeof RULES, text: string) => {
    const rule = RULES[name] as Rule;
    const value = parseTypedNumber(text, decimal);
    if (value === null) errors[name] = { key: 'errors.number' };
    else if (rule.integer && !Number.isInteger(value)) errors[name] = { key: 'errors.whole' };
    else if (value < rule.min || value > rule.max)
      errors[name] = { key: 'errors.range', min: rule.min, max: rule.max };
    return value ?? 0;
  };
  const startValue = read('startValue', fields.startValue);
  const monthlyContribution = read('monthlyContribution', fields.monthlyContribution);
  const contributionGrowth = read('contributionGrowth', fields.contributionGrowth) / 100;
  const years = read('years', fields.years);
  const expectedReturn = read('expectedReturn', fields.expectedReturn) / 100;
  const volatility = read('volatility', fields.volatility) / 100;
  const inflation = read('inflation', fields.inflation) / 100;
  const events = fields.events.map((event) => {
    const year = parseTypedNumber(event.year, decimal);
    const amount = parseTypedNumber(event.amount, decimal);
    if (year === null || !Number.isInteger(year) || year < 1 || year > years)
      errors[`event-${event.key}-year`] = { key: 'errors.eventYear', max: years };
    if (amount === null || Math.abs(amount) > 1e12)
      errors[`event-${event.key}-amount`] = { key: 'errors.number' };
    return { month: (year ?? 1) * 12, amount: amount ?? 0 };
  });
  if (fields.mode === 'bootstrap' && history.length < MIN_HISTORY_MONTHS)
    errors.mode = { key: 'errors.noHistory', min: MIN_HISTORY_MONTHS };
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
      startValue,
      monthlyContribution,
      contributionGrowth,
      months: years * 12,
      expectedReturn,
      volatility,
      inflation,
      events,
      paths: PROJECTION_PATHS,
      seed: PROJECTION_SEED,
      mode: fields.mode,
      history,
    },
  };
}

/** The limits of the typed rates, in percent: a prefilled value is kept inside them. */
export const RATE_LIMITS = {
  expectedReturn: RULES.expectedReturn as Rule,
  volatility: RULES.volatility as Rule,
};

/** A percent as typed from a ratio: two decimals at most (6.5, not 6.499999). */
export const percentText = (ratio: number) => String(Math.round(ratio * 10_000) / 100);

/** What a scenario saves of the projection the form runs (the API's inputs: ratios, years). */
export function toScenarioInputs(input: ProjectionInput): ProjectionInputs {
  return {
    startValue: input.startValue,
    monthlyContribution: input.monthlyContribution,
    contributionGrowth: input.contributionGrowth,
    years: input.months / 12,
    expectedReturn: input.expectedReturn,
    volatility: input.volatility,
    inflation: input.inflation,
    mode: input.mode,
    events: input.events.map(({ month, amount }) => ({ month, amount })),
    // The months replayed belong to the scenario only when it replays them.
    history: input.mode === 'bootstrap' ? [...(input.history ?? [])] : [],
  };
}

/**
 * A saved scenario's inputs as the form shows them, numbers written with the user's decimal
 * mark; a scenario saved without a start value starts from today's value.
 */
export function fieldsOfScenario(
  inputs: ProjectionInputs,
  today: number,
  decimal: ',' | '.',
): ProjectionFields {
  const text = (value: number) => String(value).replace('.', decimal);
  let key = 0;
  return {
    startValue: text(Math.round((inputs.startValue ?? today) * 100) / 100),
    monthlyContribution: text(inputs.monthlyContribution),
    contributionGrowth: text(Number(percentText(inputs.contributionGrowth))),
    years: String(inputs.years),
    expectedReturn: text(Number(percentText(inputs.expectedReturn))),
    volatility: text(Number(percentText(inputs.volatility))),
    inflation: text(Number(percentText(inputs.inflation))),
    mode: inputs.mode,
    events: inputs.events.map((event) => ({
      key: (key += 1),
      year: String(Math.max(1, Math.round(event.month / 12))),
      amount: text(event.amount),
    })),
  };
}

/** The domain's input for a saved scenario (its own history, else the portfolio's). */
export function inputOfScenario(
  inputs: ProjectionInputs,
  today: number,
  history: readonly number[],
): ProjectionInput {
  return {
    startValue: inputs.startValue ?? today,
    monthlyContribution: inputs.monthlyContribution,
    contributionGrowth: inputs.contributionGrowth,
    months: inputs.years * 12,
    expectedReturn: inputs.expectedReturn,
    volatility: inputs.volatility,
    inflation: inputs.inflation,
    events: inputs.events,
    paths: PROJECTION_PATHS,
    seed: PROJECTION_SEED,
    mode: inputs.mode,
    history: inputs.history.length ? inputs.history : history,
  };
}
