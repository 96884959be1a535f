import type { ProjectionTarget } from '@/domain/projection';
import type { Goal } from '@/contracts/goals';
import type { DashboardResponse } from '@/contracts/valuation';

/** The portfolio view the goals belong to (the active portfolio's real view or simulation). */
export type GoalsView = { portfolioId: string; simulationId: string | null };

/**
 * A goal as the projection page shows it: a target of the projection, or why it has no chance
 * figure (its date has passed, it falls after the horizon, no rate converts its amount).
 */
export type GoalLine =
  | {
      goal: Goal;
      kind: 'target';
      target: ProjectionTarget;
      /** The target in the projection's currency when it had to be converted, else null. */
      converted: number | null;
    }
  | { goal: Goal; kind: 'passed' | 'afterHorizon' | 'noRate' };

/**
 * The goals a projection of the whole view's value can be compared with: active ones measured by
 * the whole portfolio (chosen holdings or an amount typed are not what is projected).
 */
export const isComparableGoal = (goal: Goal) =>
  goal.status === 'active' && goal.measure.kind === 'portfolio';

/**
 * Whole calendar months from `from` to `to` (both YYYY-MM-DD), as the goals' `monthsLeft`
 * counts them: 2026-11-25 to 2027-11-25 is 12, to 2027-11-24 is 11. Negative when `to` is
 * more than a month before `from`.
 */
export function wholeMonths(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}

/**
 * The view's value today in the dashboard's currency, next to which a whole-portfolio goal's
 * `progress.currentAmount` is the same value in the goal's currency. A simulation's dashboard is
 * the simulation alone (its net worth, unless its cash had no rate and was left out); the real
 * view's dashboard adds every own portfolio, so the active one's own line is read.
 */
export function viewValueInDashboardCurrency(
  data: DashboardResponse,
  view: GoalsView,
): number | null {
  if (view.simulationId) {
    if (data.simulation?.id !== view.simulationId || data.simulation.cash === null) return null;
    return Number(data.netWorth.value);
  }
  const line =
    data.portfolios.find((portfolio) => portfolio.id === view.portfolioId) ??
    data.sharedPortfolios.find((portfolio) => portfolio.id === view.portfolioId);
  return line ? Number(line.value) : null;
}

/**
 * The dashboard's currency per unit of the goal's: the same value (the view's, today) as the
 * dashboard and the goal's progress each convert it, when both are above zero and neither left a
 * holding out for want of a rate. Null: no rate (the amount is never relabelled).
 */
export function rateOf(goal: Goal, data: DashboardResponse, view: GoalsView): number | null {
  const here = viewValueInDashboardCurrency(data, view);
  const there = goal.progress.currentAmount === null ? null : Number(goal.progress.currentAmount);
  if (here === null || there === null || !(here > 0) || !(there > 0)) return null;
  if (goal.progress.unconverted.length) return null;
  if (data.unpriced.some((item) => item.reason === 'no_rate')) return null;
  return here / there;
}

/**
 * Each comparable goal against a projection of `months` months starting on the dashboard's day
 * (`asOf`): its target (the month of its date, its amount in the dashboard's currency), or why it
 * has none.
 */
export function goalLines(
  goals: readonly Goal[],
  data: DashboardResponse,
  view: GoalsView,
  months: number,
): GoalLine[] {
  return goals.filter(isComparableGoal).map((goal): GoalLine => {
    if (goal.targetDate < data.asOf) return { goal, kind: 'passed' };
    const month = wholeMonths(data.asOf, goal.targetDate);
    if (month > months) return { goal, kind: 'afterHorizon' };
    const amount = Number(goal.targetAmount);
    if (goal.currency === data.currency)
      return { goal, kind: 'target', target: { month, amount }, converted: null };
    const rate = rateOf(goal, data, view);
    if (rate === null) return { goal, kind: 'noRate' };
    const converted = amount * rate;
    return { goal, kind: 'target', target: { month, amount: converted }, converted };
  });
}

/** The targets of the lines that have one, in order. */
export const targetsOf = (lines: readonly GoalLine[]): ProjectionTarget[] =>
  lines.flatMap((line) => (line.kind === 'target' ? [line.target] : []));

/** A target's key, to find its chance in a result that may belong to earlier inputs. */
export const targetKey = (target: ProjectionTarget) => `${target.month}:${target.amount}`;
