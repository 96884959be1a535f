import { FlaskConical } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assumptionsFromAllocation,
  assumptionsFromHistory,
  MIN_HISTORY_MONTHS,
  type ProjectionInput,
} from '@/domain/projection';
import type { DashboardResponse, PerformanceRange } from '@/contracts/valuation';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDashboard } from '@/web/features/dashboard';
import { useGoals } from '@/web/features/goals';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { usePlan } from '@/web/lib/plan';
import { useFormatters } from '@/web/lib/preferences';
import { type FieldError, ProjectionForm } from '../components/projection-form';
import { ProjectionResults } from '../components/projection-results';
import {
  fieldsOfScenario,
  inputOfScenario,
  percentText,
  type ProjectionFields,
  RATE_LIMITS,
  toProjectionInput,
  toScenarioInputs,
} from '../lib/projection-form';
import { type ScenarioView, useScenarios } from '../api/scenarios';
import { ScenariosCard } from '../components/scenarios-card';
import { GoalsCard } from '../components/goals-card';
import { goalLines, targetKey, targetsOf } from '../lib/goal-targets';
import { useComparisons } from '../lib/use-comparisons';
import { useProjection } from '../lib/use-projection';

/** Where the expected return and volatility come from, for the note under them. */
type Source = { kind: 'history'; months: number } | { kind: 'allocation'; planLimited: boolean };

/** A prefilled rate inside what the field accepts (a wild history can say 300% a year). */
const within = (ratio: number, limits: { min: number; max: number }) =>
  Math.min(limits.max / 100, Math.max(limits.min / 100, ratio));

function assumptionsOf(data: DashboardResponse, planLimited: boolean) {
  const history = data.monthlyReturns;
  const found = assumptionsFromHistory(history);
  const assumed = found ?? assumptionsFromAllocation(data.allocation.assetClass);
  return {
    expectedReturn: within(assumed.expectedReturn, RATE_LIMITS.expectedReturn),
    volatility: within(assumed.volatility, RATE_LIMITS.volatility),
    history,
    source: (found
      ? { kind: 'history', months: history.length }
      : { kind: 'allocation', planLimited }) as Source,
  };
}

/** Nothing is ever put in: every path stays at zero. */
const nothingToProject = (input: ProjectionInput) =>
  input.startValue === 0 &&
  input.monthlyContribution <= 0 &&
  input.events.every((event) => event.amount <= 0);

function initialFields(assumed: ReturnType<typeof assumptionsOf>, data: DashboardResponse) {
  const { expectedReturn, volatility } = assumed;
  return {
    startValue: String(Math.max(0, Math.round(Number(data.netWorth.value)))),
    monthlyContribution: '0',
    contributionGrowth: '2',
    years: '20',
    expectedReturn: percentText(expectedReturn),
    volatility: percentText(volatility),
    inflation: '2',
    mode: 'lognormal',
    events: [],
  } satisfies ProjectionFields;
}

/**
 * Where scenarios are saved and goals read: the active portfolio's view, with its name (the
 * simulation's when one is active), the portfolio's own name and the caller's right.
 */
type ScenarioPlace = { view: ScenarioView; name: string; portfolioName: string; canEdit: boolean };

function Projection({
  data,
  planLimited,
  place,
}: {
  data: DashboardResponse;
  planLimited: boolean;
  place: ScenarioPlace | null;
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  // The user's decimal mark, as their numbers are written ('1,5' or '1.5').
  const decimal = format.number(1.5, 1).includes(',') ? ',' : '.';
  const assumed = useMemo(() => assumptionsOf(data, planLimited), [data, planLimited]);
  const [fields, setFields] = useState<ProjectionFields>(() => initialFields(assumed, data));
  const checked = useMemo(
    () => toProjectionInput(fields, assumed.history, decimal),
    [fields, assumed, decimal],
  );
  const input = 'input' in checked ? checked.input : null;
  const errors: Record<string, FieldError> = 'errors' in checked ? checked.errors : {};
  // The view's goals measured by the whole portfolio: each one's target is asked of the same run.
  const portfolioId = place?.view.portfolioId ?? null;
  const simulationId = place?.view.simulationId ?? null;
  const goalsView = useMemo(
    () => (portfolioId ? { portfolioId, simulationId } : null),
    [portfolioId, simulationId],
  );
  const goals = useGoals(goalsView);
  const lines = useMemo(
    () =>
      goalsView && goals.data && input
        ? goalLines(goals.data.goals, data, goalsView, input.months)
        : null,
    [goalsView, goals.data, data, input],
  );
  const projected = useMemo(
    () => (input && lines ? { ...input, targets: targetsOf(lines) } : input),
    [input, lines],
  );
  const projection = useProjection(projected);
  // While a field is wrong, the goals are placed against the horizon of the figures on screen.
  const shownLines =
    lines ??
    (goalsView && goals.data && projection.result
      ? goalLines(goals.data.goals, data, goalsView, projection.result.months)
      : null);
  const chances = useMemo(() => {
    const found = new Map<string, number>();
    if (!projection.result || projection.error) return found;
    projection.targets.forEach((target, index) => {
      const chance = projection.result?.targetProbabilities[index];
      if (chance !== undefined) found.set(targetKey(target), chance);
    });
    return found;
  }, [projection.result, projection.targets, projection.error]);
  const today = Math.max(0, Number(data.netWorth.value));
  const [compared, setCompared] = useState<string[]>([]);
  // The compared scenarios, from the list the card shows (the same query, read from its cache).
  const saved = useScenarios(place?.view ?? null).data ?? [];
  const comparisons = useComparisons(
    compared.flatMap((id) => {
      const scenario = saved.find((candidate) => candidate.id === id);
      return scenario
        ? [
            {
              id,
              name: scenario.name,
              input: inputOfScenario(scenario.inputs, today, assumed.history),
            },
          ]
        : [];
    }),
  );
  const typedOwn =
    fields.expectedReturn !== percentText(assumed.expectedReturn) ||
    fields.volatility !== percentText(assumed.volatility);

  const note = (
    <p>
      {t(
        assumed.source.kind === 'history'
          ? 'assumptions.history'
          : assumed.source.planLimited
            ? 'assumptions.allocationPlan'
            : 'assumptions.allocation',
        {
          count: assumed.source.kind === 'history' ? assumed.source.months : 0,
          expected: format.percent(assumed.expectedReturn * 100, { decimals: 1 }),
          volatility: format.percent(assumed.volatility * 100, { decimals: 1 }),
        },
      )}{' '}
      {typedOwn ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0 text-[13px]"
          onClick={() =>
            setFields({
              ...fields,
              expectedReturn: percentText(assumed.expectedReturn),
              volatility: percentText(assumed.volatility),
            })
          }
        >
          {t('assumptions.reset')}
        </Button>
      ) : null}
    </p>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]">
      <Card className="self-start">
        <CardContent className="pt-5">
          <ProjectionForm
            fields={fields}
            errors={errors}
            onChange={setFields}
            currencyLabel={data.currency}
            assumptionsNote={note}
            canBootstrap={assumed.history.length >= MIN_HISTORY_MONTHS}
          />
        </CardContent>
      </Card>
      {/* The figures first on a phone, beside the form on a wide screen. */}
      <div className="order-first min-w-0 lg:order-none">
        {/* Always in the page, so that a change of its text is announced. */}
        <p role="status" className={input ? 'sr-only' : 'mb-3 text-[13px] text-destructive'}>
          {input ? '' : t('form.fix')}
        </p>
        {projection.error ? (
          <DataErrorCard onRetry={projection.retry} />
        ) : input && nothingToProject(input) ? (
          <section
            aria-labelledby="projection-empty-title"
            className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center"
          >
            <h2 id="projection-empty-title" className="text-base font-semibold">
              {t('empty.title')}
            </h2>
            <p className="mx-auto mt-1.5 max-w-md text-sm text-muted-foreground">
              {t('empty.text')}
            </p>
          </section>
        ) : (
          <ProjectionResults
            result={projection.result}
            currency={data.currency}
            busy={projection.busy}
            stale={!input}
            comparisons={comparisons}
          />
        )}
        {place ? (
          <div className="mt-4">
            <GoalsCard
              lines={shownLines}
              chances={chances}
              currency={data.currency}
              portfolioName={place.portfolioName}
              netWorthWider={
                !place.view.simulationId &&
                (data.portfolios.length !== 1 || data.portfolios[0]?.id !== place.view.portfolioId)
              }
              failed={goals.isError && !goals.data}
              onRetry={() => void goals.refetch()}
              busy={projection.busy}
              stale={!input}
            />
          </div>
        ) : null}
        {place ? (
          <div className="mt-4">
            <ScenariosCard
              view={place.view}
              viewName={place.name}
              canEdit={place.canEdit}
              current={input ? toScenarioInputs(input) : null}
              onOpen={(scenario) => setFields(fieldsOfScenario(scenario.inputs, today, decimal))}
              compared={compared}
              onCompare={setCompared}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /wealth-projection (issue 29): where the net worth (or the active simulation) may go, as a mean
 * path and Monte Carlo bands (src/domain/projection, run in a Web Worker), nominal and in today's
 * money; return and volatility prefilled from the portfolio's own history when it spans two
 * years, else from its allocation by class.
 */
export function WealthProjectionPage() {
  const { t } = useTranslation('planning');
  const scope = useOptionalActiveScope();
  const simulation = scope?.simulation ?? null;
  const portfolio = scope?.portfolio ?? null;
  const view =
    simulation && portfolio ? { portfolioId: portfolio.id, simulationId: simulation.id } : null;
  const scopeKnown = !scope || scope.status !== 'loading';
  // The longest history the plan opens (two years of it let the return come from the
  // portfolio), asked once the plan is known: the form starts from the first answer.
  const plan = usePlan();
  const range: PerformanceRange = plan.allows('advanced_analytics') ? 'MAX' : '1Y';
  const dashboard = useDashboard(range, scopeKnown && !plan.pending, view);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('heading')}</h1>
        {simulation && portfolio ? (
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('subheadingSimulation', { name: simulation.name })}</span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">{t('subheading')}</p>
        )}
      </div>
      {dashboard.data ? (
        // A new view (another simulation) starts its form again from its own figures.
        <Projection
          key={view?.simulationId ?? 'real'}
          data={dashboard.data}
          planLimited={range !== 'MAX'}
          place={
            portfolio
              ? {
                  view: { portfolioId: portfolio.id, simulationId: simulation?.id ?? null },
                  name: simulation ? simulation.name : portfolio.name,
                  portfolioName: portfolio.name,
                  canEdit: scope?.permission === 'owner' || scope?.permission === 'edit',
                }
              : null
          }
        />
      ) : dashboard.isError ? (
        <DataErrorCard onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]" aria-busy="true">
          <Skeleton className="h-[36rem] w-full rounded-xl" />
          <Skeleton className="h-[36rem] w-full rounded-xl" />
        </div>
      )}
    </div>
  );
}
