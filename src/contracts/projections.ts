import { z } from 'zod';
import { MIN_HISTORY_MONTHS } from '@/domain/projection/assumptions';
import { PROJECTION_MODES } from '@/domain/projection/projection';
import { text } from './input-rules';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Wealth projections (issue 29): a projection's inputs, saved per portfolio view as a named
 * scenario, and a run of the domain's Monte Carlo simulation on the server for API clients (the
 * page runs the same code in a Web Worker, with the same seed and the same bands). Rates are
 * ratios (0.06 for 6% a year); amounts are numbers in the view's currency, as statistics are
 * (binary floating point); a run's answers are rounded to cents.
 */

export const PROJECTION_MAX_PATHS = 10_000;
export const PROJECTION_MAX_YEARS = 50;
export const PROJECTION_MAX_EVENTS = 20;
/** The seed the page uses: the same inputs give the same figures on the page and here. */
export const PROJECTION_DEFAULT_SEED = 20_261_129;
/** Scenarios one portfolio view keeps at most. */
export const MAX_SCENARIOS = 50;

const number = (min: number, max: number, message: string) =>
  z.number({ message: M.numberInvalid }).min(min, message).max(max, message);
const whole = (min: number, max: number, message: string) =>
  z.number({ message: M.numberInvalid }).int(message).min(min, message).max(max, message);

export const projectionInputsSchema = z
  .object({
    /** Omitted: the view's value today (a run), or that value when the scenario is opened. */
    startValue: number(0, 1e12, M.projectionStartValue).optional(),
    monthlyContribution: number(-1e9, 1e9, M.projectionContribution).default(0),
    contributionGrowth: number(-0.5, 0.5, M.projectionGrowth).default(0),
    years: whole(1, PROJECTION_MAX_YEARS, M.projectionYears),
    expectedReturn: number(-0.5, 1, M.projectionReturn),
    volatility: number(0, 2, M.projectionVolatility),
    inflation: number(-0.1, 0.5, M.projectionInflation).default(0.02),
    mode: z.enum(PROJECTION_MODES, { message: M.projectionMode }).default('lognormal'),
    events: z
      .array(
        z.object({
          /** Months from now, 1 being the end of the first month; within the horizon. */
          month: whole(1, PROJECTION_MAX_YEARS * 12, M.projectionEventMonth),
          /** Added at the end of that month; negative for a withdrawal. */
          amount: number(-1e12, 1e12, M.projectionAmount),
        }),
      )
      .max(PROJECTION_MAX_EVENTS, M.projectionEvents)
      .default([]),
    /** Past monthly returns (0.01 for +1%), oldest first: what the bootstrap mode replays. */
    history: z
      .array(number(-0.99, 10, M.projectionPastReturn))
      .max(1_200)
      .default([]),
  })
  .superRefine((inputs, context) => {
    inputs.events.forEach((event, index) => {
      if (event.month > inputs.years * 12)
        context.addIssue({
          code: 'custom',
          path: ['events', index, 'month'],
          message: M.projectionEventMonth,
        });
    });
    if (inputs.mode === 'bootstrap' && inputs.history.length < MIN_HISTORY_MONTHS)
      context.addIssue({ code: 'custom', path: ['history'], message: M.projectionHistory });
  });
export type ProjectionInputs = z.infer<typeof projectionInputsSchema>;

export const projectionRunBodySchema = z
  .object({
    inputs: projectionInputsSchema,
    paths: whole(1, PROJECTION_MAX_PATHS, M.projectionPaths).default(PROJECTION_MAX_PATHS),
    seed: whole(0, 2 ** 32 - 1, M.projectionSeed).default(PROJECTION_DEFAULT_SEED),
    /** Amounts to reach by a month (0 is today): the share of paths at or above each. */
    targets: z
      .array(
        z.object({
          month: whole(0, PROJECTION_MAX_YEARS * 12, M.projectionEventMonth),
          amount: number(0, 1e12, M.projectionAmount),
        }),
      )
      .max(PROJECTION_MAX_EVENTS, M.projectionEvents)
      .default([]),
  })
  .superRefine((body, context) => {
    body.targets.forEach((target, index) => {
      if (target.month > body.inputs.years * 12)
        context.addIssue({
          code: 'custom',
          path: ['targets', index, 'month'],
          message: M.projectionEventMonth,
        });
    });
  });
export type ProjectionRunBody = z.infer<typeof projectionRunBodySchema>;

const series = z.array(z.number());
export const projectionRunResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** What the run started from: the one given, or the view's value today. */
  startValue: z.number(),
  months: z.number().int(),
  paths: z.number().int(),
  seed: z.number().int(),
  /** Month by month, index 0 being today, nominal, rounded to cents. */
  deterministic: series,
  paidIn: series,
  /** Multiply a month's nominal amount by its deflator for today's money (not rounded). */
  deflator: series,
  bands: z.object({ p5: series, p25: series, p50: series, p75: series, p95: series }),
  /** For each target, the share of paths (0 to 1) that reach it. */
  targetProbabilities: z.array(z.number()),
});
export type ProjectionRunResponse = z.infer<typeof projectionRunResponseSchema>;

const scenarioName = () =>
  text({ message: M.scenarioNameRequired })
    .trim()
    .min(1, M.scenarioNameRequired)
    .max(100, M.scenarioNameMax);

export const createScenarioSchema = z.object({
  name: scenarioName(),
  inputs: projectionInputsSchema,
});
export type CreateScenarioBody = z.infer<typeof createScenarioSchema>;

export const updateScenarioSchema = z
  .object({ name: scenarioName().optional(), inputs: projectionInputsSchema.optional() })
  .refine((body) => body.name !== undefined || body.inputs !== undefined, {
    message: M.scenarioNothingToChange,
  });
export type UpdateScenarioBody = z.infer<typeof updateScenarioSchema>;

export const scenarioSchema = z.object({
  id: z.uuid(),
  portfolioId: z.uuid(),
  simulationId: z.uuid().nullable(),
  name: z.string(),
  inputs: projectionInputsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export const scenarioResponseSchema = z.object({ scenario: scenarioSchema });
export const scenariosResponseSchema = z.object({ scenarios: z.array(scenarioSchema) });
