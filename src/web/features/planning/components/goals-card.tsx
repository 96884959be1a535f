import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Currency } from '@/contracts/settings';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { type GoalLine, targetKey } from '../lib/goal-targets';

/**
 * The active view's goals measured by the whole portfolio, each with the share of simulated
 * markets that reach its target by its date (issue 29); a goal past its date, after the horizon
 * or without a rate to convert it says so instead of a figure.
 */
export function GoalsCard({
  lines,
  chances,
  currency,
  portfolioName,
  netWorthWider,
  failed,
  onRetry,
  busy,
  stale,
}: {
  /** The comparable goals (null while they load). */
  lines: readonly GoalLine[] | null;
  /** The chance (0 to 1) of each target by `targetKey`, from the result on screen. */
  chances: ReadonlyMap<string, number>;
  /** The projection's currency (the dashboard's). */
  currency: Currency;
  portfolioName: string;
  /** The projection starts from more than the goals' portfolio (the net worth of several). */
  netWorthWider: boolean;
  failed: boolean;
  onRetry: () => void;
  busy: boolean;
  stale: boolean;
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();

  const chanceText = (chance: number) => {
    // Never "100%" for a goal some markets miss, nor "0%" for one some reach.
    if (chance > 0.99 && chance < 1)
      return t('goals.above', { percent: format.percent(99, { decimals: 0 }) });
    if (chance > 0 && chance < 0.01)
      return t('goals.below', { percent: format.percent(1, { decimals: 0 }) });
    return format.percent(chance * 100, { decimals: 0 });
  };

  const chanceCell = (line: GoalLine) => {
    if (line.kind !== 'target')
      return <span className="text-muted-foreground">{t(`goals.${line.kind}`)}</span>;
    const chance = chances.get(targetKey(line.target));
    if (chance === undefined)
      return (
        <>
          <Skeleton aria-hidden="true" className="ml-auto h-4 w-10" />
          <span className="sr-only">{t('goals.computing')}</span>
        </>
      );
    return <span className="font-semibold">{chanceText(chance)}</span>;
  };

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle id="projection-goals-title">{t('goals.title')}</CardTitle>
        <p className="text-[13px] text-muted-foreground">
          {t('goals.note')}
          {netWorthWider ? ` ${t('goals.netWorthNote', { name: portfolioName })}` : ''}
        </p>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm">
            {t('goals.loadError')}
            <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onRetry}>
              {t('goals.retry')}
            </Button>
          </p>
        ) : !lines ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="goals.empty"
              components={{
                goals: <Link to="/goals" className="font-medium text-foreground underline" />,
              }}
            />
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table
              aria-labelledby="projection-goals-title"
              aria-busy={busy || undefined}
              className={cn('tabular w-full text-sm transition-opacity', stale && 'opacity-50')}
            >
              <thead>
                <tr className="text-xs text-muted-foreground">
                  <th scope="col" className="py-1 pr-3 text-left font-medium">
                    {t('goals.goal')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('goals.date')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('goals.target')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('goals.chance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.goal.id} className="border-t align-top">
                    <th
                      scope="row"
                      className="py-1.5 pr-3 text-left font-normal [overflow-wrap:anywhere]"
                    >
                      {line.goal.title}
                    </th>
                    <td className="py-1.5 pr-3 text-right whitespace-nowrap">
                      {format.date(line.goal.targetDate)}
                    </td>
                    <td className="py-1.5 pr-3 text-right">
                      <span className="whitespace-nowrap">
                        {format.money(line.goal.targetAmount, { currency: line.goal.currency })}
                      </span>
                      {line.kind === 'target' && line.converted !== null ? (
                        <span className="block text-xs text-muted-foreground">
                          {t('goals.converted', {
                            amount: format.money(line.converted, { currency, decimals: false }),
                          })}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-1.5 text-right">{chanceCell(line)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
