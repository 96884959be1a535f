import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Goal } from '@/contracts/goals';
import {
  PROJECTION_DEFAULT_SEED,
  PROJECTION_MAX_PATHS,
  PROJECTION_MAX_YEARS,
  type ProjectionRunBody,
} from '@/contracts/projections';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useHoldings } from '@/web/features/holdings';
import { ApiError } from '@/web/lib/api-client';
import { useActiveScope } from '@/web/lib/active-scope';
import { typedDecimal } from '@/web/lib/format';
import { useFormatters } from '@/web/lib/preferences';
import { withScopeParams } from '@/web/lib/scope-params';
import { useGoal, useGoalChanges, useGoalOdds } from '../api/goals';
import { GoalDialog } from '../components/goal-dialog';
import { GoalAmounts, GoalBar, TrackBadge, useMonthsLeft } from '../components/goal-progress';
import { useGoalView } from '../lib/use-goal-view';

/** Typing settles this long before the odds are asked again. */
const SETTLE_MS = 400;

/**
 * What the odds are simulated from: the goal's amount today, saving `monthly` at the end of
 * each month, at the expected return and volatility of what the goal counts; null when there is
 * nothing to simulate (no amount, date passed or beyond the projection's horizon).
 */
export function oddsBody(goal: Goal, monthly: number): ProjectionRunBody | null {
  const { currentAmount, monthsLeft, expectedReturn, volatility } = goal.progress;
  if (currentAmount === null || monthsLeft <= 0 || monthsLeft > PROJECTION_MAX_YEARS * 12)
    return null;
  return {
    inputs: {
      startValue: Number(currentAmount),
      monthlyContribution: monthly,
      contributionGrowth: 0,
      years: Math.ceil(monthsLeft / 12),
      expectedReturn,
      volatility,
      inflation: 0,
      mode: 'lognormal',
      events: [],
      history: [],
    },
    paths: PROJECTION_MAX_PATHS,
    seed: PROJECTION_DEFAULT_SEED,
    targets: [{ month: monthsLeft, amount: Number(goal.targetAmount) }],
  };
}

function Odds({ goal, view }: { goal: Goal; view: ReturnType<typeof useGoalView>['view'] }) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const [typed, setTyped] = useState('0');
  const [monthly, setMonthly] = useState(0);
  const parsed = Number(typedDecimal(typed));
  const valid = typed.trim() === '' || (Number.isFinite(parsed) && Math.abs(parsed) <= 1e9);
  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(() => setMonthly(typed.trim() === '' ? 0 : parsed), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, parsed, valid]);
  const body = useMemo(() => oddsBody(goal, monthly), [goal, monthly]);
  const odds = useGoalOdds(view, goal.id, body);
  const { monthsLeft, currentAmount, monthlyNeeded } = goal.progress;

  let figure: React.ReactNode;
  if (currentAmount === null) figure = t('detail.oddsNoAmount');
  else if (monthsLeft <= 0) figure = t('detail.oddsNone');
  else if (monthsLeft > PROJECTION_MAX_YEARS * 12) figure = t('detail.oddsTooFar');
  else if (odds.isError) figure = <ApiErrorAlert error={odds.error} />;
  else if (odds.data === undefined || odds.data === null)
    figure = <Skeleton className="h-9 w-24" />;
  else
    figure = (
      <output
        aria-live="polite"
        className="text-3xl font-semibold tracking-tight tabular-nums"
        data-testid="goal-odds"
      >
        {format.percent(odds.data * 100, { decimals: 0 })}
      </output>
    );

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>{t('detail.odds')}</CardTitle>
        <CardDescription>
          {t('detail.oddsHint', {
            rate: format.percent(goal.progress.expectedReturn * 100, { decimals: 1 }),
            volatility: format.percent(goal.progress.volatility * 100, { decimals: 1 }),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          className={odds.isFetching && typeof odds.data === 'number' ? 'opacity-60' : undefined}
        >
          {figure}
        </div>
        {currentAmount !== null && monthsLeft > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="goal-odds-monthly">
              {t('detail.oddsMonthly')} ({goal.currency})
            </Label>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id="goal-odds-monthly"
                inputMode="decimal"
                autoComplete="off"
                className="w-36 text-right tabular-nums"
                aria-invalid={valid ? undefined : true}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
              {monthlyNeeded !== null && Number(monthlyNeeded) > 0 ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    setTyped(
                      format.number(monthlyNeeded, 2).replace(/[\s\u00a0\u202f]/g, '') ||
                        monthlyNeeded,
                    )
                  }
                >
                  {t('detail.useNeeded', {
                    amount: format.money(monthlyNeeded, { currency: goal.currency }),
                  })}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Measure({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const holdings = useHoldings();
  if (goal.measure.kind === 'manual') return <>{t('measure.manual')}</>;
  if (goal.measure.kind === 'portfolio') return <>{t('measure.portfolio')}</>;
  const ids = goal.measure.holdingIds;
  const names = (holdings.data ?? [])
    .filter((holding) => ids.includes(holding.id))
    .map((holding) => holding.name);
  return (
    <>
      {t('measure.holdings', { count: ids.length })}
      {names.length > 0 ? (
        <span className="block text-[13px] font-normal text-muted-foreground">
          {names.join(', ')}
        </span>
      ) : null}
    </>
  );
}

function GoalDetail({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { view, canEdit } = useGoalView();
  const scope = useActiveScope();
  const { remove } = useGoalChanges(view);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const monthsLeft = useMonthsLeft();
  const { remaining, monthlyNeeded, unconverted } = goal.progress;
  const money = (amount: string) => format.money(amount, { currency: goal.currency });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{goal.title}</h1>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{t(`categories.${goal.category}`)}</Badge>
            <Badge variant="outline">{t(`priorities.${goal.priority}`)}</Badge>
            {goal.status === 'active' ? (
              <TrackBadge goal={goal} />
            ) : (
              <Badge variant="secondary">{t(`statuses.${goal.status}`)}</Badge>
            )}
          </div>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button change variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('detail.edit')}
            </Button>
            <Button
              change
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden="true" />
              {t('detail.delete')}
            </Button>
          </div>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <div className="grid gap-4 p-5">
            <GoalBar goal={goal} className="h-3" />
            <GoalAmounts goal={goal} />
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t pt-4 text-sm sm:grid-cols-3">
              <div className="grid content-start gap-0.5">
                <dt className="text-[13px] text-muted-foreground">{t('detail.target')}</dt>
                <dd className="font-medium tabular-nums">
                  {money(goal.targetAmount)}
                  <span className="block text-[13px] font-normal text-muted-foreground">
                    {t('detail.targetDate', { date: format.date(goal.targetDate) })}
                  </span>
                </dd>
              </div>
              <div className="grid content-start gap-0.5">
                <dt className="text-[13px] text-muted-foreground">{t('progress.remaining')}</dt>
                <dd className="font-medium tabular-nums">
                  {remaining === null ? '—' : money(remaining)}
                </dd>
              </div>
              <div className="grid content-start gap-0.5">
                <dt className="text-[13px] text-muted-foreground">{t('progress.monthsLeft')}</dt>
                <dd className="font-medium tabular-nums">{monthsLeft(goal)}</dd>
              </div>
              <div className="grid content-start gap-0.5">
                <dt className="text-[13px] text-muted-foreground">{t('progress.monthlyNeeded')}</dt>
                <dd className="font-medium tabular-nums">
                  {monthlyNeeded === null ? '—' : money(monthlyNeeded)}
                  <span className="block text-[13px] font-normal text-muted-foreground">
                    {t('progress.monthlyNeededHint', {
                      rate: format.percent(goal.progress.expectedReturn * 100, { decimals: 1 }),
                    })}
                  </span>
                </dd>
              </div>
              <div className="col-span-2 grid content-start gap-0.5">
                <dt className="text-[13px] text-muted-foreground">{t('detail.measuredBy')}</dt>
                <dd className="font-medium">
                  <Measure goal={goal} />
                </dd>
              </div>
            </dl>
            {unconverted.length > 0 ? (
              <p className="text-[13px] text-muted-foreground">
                {t('progress.unconverted', { names: unconverted.join(', ') })}
              </p>
            ) : null}
            {goal.description ? (
              <p className="border-t pt-4 text-sm whitespace-pre-line text-muted-foreground">
                {goal.description}
              </p>
            ) : null}
          </div>
        </Card>
        <div className="grid content-start gap-4">
          <Odds goal={goal} view={view} />
          <Link
            to={withScopeParams('/wealth-projection', search)}
            className="text-sm text-muted-foreground underline underline-offset-2 hover:text-foreground"
          >
            {t('detail.projection')}
          </Link>
        </div>
      </div>

      {editing && view ? (
        <GoalDialog
          view={view}
          goal={goal}
          currency={scope.portfolio?.baseCurrency ?? goal.currency}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('detail.deleteTitle', { title: goal.title })}
        description={t('detail.deleteText')}
        confirmLabel={t('detail.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(goal.id, {
            onSuccess: () => {
              setDeleting(false);
              void navigate(withScopeParams('/goals', search));
            },
          })
        }
      >
        <ApiErrorAlert error={remove.error} />
      </ConfirmDialog>
    </>
  );
}

/**
 * /goals/{id} (issue 29): a goal's progress, what it takes from here, and its chance of being
 * reached by its date (the projection's Monte Carlo, run by the server's worker). A goal of
 * another portfolio view (a notification's link) makes that view active first.
 */
export function GoalPage() {
  const { t } = useTranslation('goals');
  const { goalId = '' } = useParams();
  const { search } = useLocation();
  const scope = useActiveScope();
  const { view } = useGoalView();
  const goal = useGoal(view, goalId);
  const data = goal.data;

  useEffect(() => {
    document.title = data ? `${data.title} · ${t('page.title')}` : t('page.title');
  }, [t, data]);

  // The goal belongs to another view than the active one: switch to it, as a portfolio link does.
  useEffect(() => {
    if (!data || !view) return;
    if (data.portfolioId === view.portfolioId && data.simulationId === view.simulationId) return;
    if (data.simulationId)
      scope.switchSimulation(data.simulationId, { silent: true, portfolioId: data.portfolioId });
    else scope.switchPortfolio(data.portfolioId, { silent: true });
  }, [data, view, scope]);

  const notFound = goal.error instanceof ApiError && goal.error.status === 404;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5">
      <Link
        to={withScopeParams('/goals', search)}
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('detail.back')}
      </Link>
      {data ? (
        <GoalDetail goal={data} />
      ) : notFound ? (
        <Card>
          <div className="px-6 py-10 text-center text-sm text-muted-foreground">
            {t('detail.notFound')}
          </div>
        </Card>
      ) : goal.isError ? (
        <DataErrorCard onRetry={() => void goal.refetch()} />
      ) : (
        <div aria-busy="true" className="grid gap-4">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      )}
    </div>
  );
}
