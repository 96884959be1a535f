import {
  type CreateGoalBody,
  createGoalSchema,
  type Goal,
  type GoalCategory,
  type GoalMeasure,
  type GoalPriority,
  type GoalStatus,
} from '@/contracts/goals';
import type { Currency } from '@/contracts/settings';
import { typedDecimal } from '@/web/lib/format';

/** What the goal form holds: amounts as typed (a French user types 1 234,5). */
export type GoalFields = {
  title: string;
  description: string;
  category: GoalCategory;
  priority: GoalPriority;
  status: GoalStatus;
  targetAmount: string;
  currency: Currency;
  targetDate: string;
  measure: GoalMeasure['kind'];
  currentAmount: string;
  holdingIds: string[];
};

export type GoalFieldErrors = Partial<Record<keyof GoalFields, string>>;

/** A new goal: in the view's currency, a year from today, measured by an amount typed. */
export function emptyFields(currency: Currency, today: string): GoalFields {
  return {
    title: '',
    description: '',
    category: 'other',
    priority: 'medium',
    status: 'active',
    targetAmount: '',
    currency,
    targetDate: yearsAfter(today, 1),
    measure: 'portfolio',
    currentAmount: '0',
    holdingIds: [],
  };
}

/** A saved goal as the form shows it, amounts with the user's decimal mark. */
export function fieldsOfGoal(goal: Goal, decimal: ',' | '.'): GoalFields {
  const typed = (value: string) => value.replace('.', decimal);
  return {
    title: goal.title,
    description: goal.description ?? '',
    category: goal.category,
    priority: goal.priority,
    status: goal.status,
    targetAmount: typed(goal.targetAmount),
    currency: goal.currency,
    targetDate: goal.targetDate,
    measure: goal.measure.kind,
    currentAmount: goal.measure.kind === 'manual' ? typed(goal.measure.currentAmount) : '0',
    holdingIds: goal.measure.kind === 'holdings' ? goal.measure.holdingIds : [],
  };
}

function measureOf(fields: GoalFields): unknown {
  if (fields.measure === 'manual')
    return { kind: 'manual', currentAmount: typedDecimal(fields.currentAmount) || '0' };
  if (fields.measure === 'holdings') return { kind: 'holdings', holdingIds: fields.holdingIds };
  return { kind: 'portfolio' };
}

/**
 * The body the API takes, checked by the contract it checks with (the same messages), or the
 * message of each field that is wrong (validation message ids, translated by the form).
 */
export function toGoalBody(
  fields: GoalFields,
): { body: CreateGoalBody } | { errors: GoalFieldErrors } {
  const parsed = createGoalSchema.safeParse({
    title: fields.title,
    description: fields.description.trim() ? fields.description : null,
    category: fields.category,
    priority: fields.priority,
    status: fields.status,
    targetAmount: typedDecimal(fields.targetAmount),
    currency: fields.currency,
    targetDate: fields.targetDate,
    measure: measureOf(fields),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: GoalFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const key: keyof GoalFields =
      first === 'measure'
        ? second === 'currentAmount'
          ? 'currentAmount'
          : second === 'holdingIds'
            ? 'holdingIds'
            : 'measure'
        : (first as keyof GoalFields);
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** The same day `years` years later (29 February becomes 28 February in a common year). */
export function yearsAfter(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const last = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${target}-${pad(month)}-${pad(Math.min(day, last))}`;
}

/** Today in the browser's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
