import { useTranslation } from 'react-i18next';
import type { Currency } from '@/contracts/settings';
import type { DashboardResponse } from '@/contracts/valuation';
import { Sparkline } from '@/web/components/charts/sparkline';
import { MoneyChange, ReturnsPair } from '@/web/components/performance/figures';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { useFormatters } from '@/web/lib/preferences';

/**
 * The headline: net worth in the answer's currency, how it moved today (sign, arrow and word,
 * not colour alone), the unrealised gain and what was put in, and its trend over the range. A
 * simulation's: its value (holdings and cash), with its cash apart.
 */
export function NetWorthCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { netWorth, currency } = data;
  const values = data.series.map((point) => Number(point.value));
  const first = data.series[0];
  const last = data.series[data.series.length - 1];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle id="net-worth-title" className="text-sm font-medium text-muted-foreground">
          {t(data.simulation ? 'simulation.value' : 'netWorth.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <p
              className="tabular text-3xl font-semibold tracking-tight"
              data-testid="net-worth-value"
            >
              {format.money(netWorth.value, { currency, decimals: true })}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              {netWorth.dayChange === null ? (
                <span className="text-muted-foreground">{t('netWorth.noDayChange')}</span>
              ) : (
                <>
                  <MoneyChange
                    amount={netWorth.dayChange}
                    ratio={netWorth.dayChangePercent}
                    currency={currency}
                  />
                  <span className="text-muted-foreground">{t('netWorth.dayChange')}</span>
                </>
              )}
            </p>
          </div>
          {first && last ? (
            <Sparkline
              values={values}
              width={120}
              height={40}
              label={t(data.simulation ? 'simulation.trend' : 'netWorth.trend', {
                start: format.money(first.value, { currency }),
                end: format.money(last.value, { currency }),
              })}
            />
          ) : null}
        </div>
        <dl
          className={
            data.simulation
              ? 'grid grid-cols-2 gap-4 border-t pt-3 text-[13px] sm:grid-cols-3'
              : 'grid grid-cols-2 gap-4 border-t pt-3 text-[13px]'
          }
        >
          {data.simulation ? (
            <div className="grid content-start gap-0.5">
              <dt className="text-xs text-muted-foreground">{t('simulation.cash')}</dt>
              <dd className="tabular font-medium" data-testid="simulation-value-cash">
                {data.simulation.cash !== null
                  ? format.money(data.simulation.cash, { currency, decimals: true })
                  : format.money(data.simulation.baseCash.amount, {
                      currency: data.simulation.baseCash.currency as Currency,
                      decimals: true,
                    })}
              </dd>
              {data.simulation.cash === null ? (
                <dd className="text-xs text-muted-foreground">
                  {t('simulation.cashNotConverted', { currency })}
                </dd>
              ) : null}
            </div>
          ) : null}
          <div className="grid content-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{t('netWorth.gain')}</dt>
            <dd>
              <MoneyChange
                amount={netWorth.unrealizedGain}
                ratio={netWorth.unrealizedGainPercent}
                currency={currency}
              />
            </dd>
          </div>
          <div className="grid content-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{t('netWorth.contributions')}</dt>
            <dd className="tabular font-medium">
              {format.money(netWorth.netContributions, { currency, decimals: true })}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          {t('netWorth.asOf', { date: format.date(data.asOf) })}
        </p>
      </CardContent>
    </Card>
  );
}

/** TWR and MWR over the range the answer covers, side by side with what each means. */
export function ReturnsCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>{t('netWorth.returnsTitle')}</CardTitle>
        <CardDescription>{t(`common:charts.range.long.${data.range}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <ReturnsPair figures={data.netWorth} />
      </CardContent>
    </Card>
  );
}
