import { ToggleGroup } from 'radix-ui';
import { lazy, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectionResult } from '@/domain/projection';
import type { Currency } from '@/contracts/settings';
import { ChartCanvas, ChartFigure } from '@/web/components/charts/chart-figure';
import { ChartTable } from '@/web/components/charts/chart-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { type ProjectionRow, yearlyRows } from '../lib/projection-rows';
import type { Comparison } from '../lib/use-comparisons';
import { COMPARED_COLORS, COMPARED_DASHES } from './compared-lines';

const ProjectionChartDrawing = lazy(() => import('./projection-chart-drawing'));

const CHART_HEIGHT = 280;

/**
 * Nominal amounts, or in today's money (deflated by the inflation typed): a single-choice toggle
 * group (Tab reaches it, arrow keys move, Space or Enter picks).
 */
function MoneyToggle({ real, onChange }: { real: boolean; onChange: (real: boolean) => void }) {
  const { t } = useTranslation('planning');
  return (
    <ToggleGroup.Root
      type="single"
      value={real ? 'real' : 'nominal'}
      onValueChange={(next) => {
        if (next) onChange(next === 'real');
      }}
      aria-label={t('chart.basis')}
      className="inline-flex items-center gap-0.5 rounded-lg bg-muted p-0.5"
    >
      {(['nominal', 'real'] as const).map((value) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          className={cn(
            'inline-flex h-7 items-center rounded-md px-2.5 text-xs font-medium text-muted-foreground outline-none transition-colors',
            'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-xs',
          )}
        >
          {t(`chart.${value}`)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

/** The chart's key: bands, median, mean path, paid in; each drawn differently, not by colour alone. */
function Legend({ compared }: { compared: string[] }) {
  const { t } = useTranslation('planning');
  const item = (mark: ReactNode, label: string) => (
    <li className="flex items-center gap-1.5">
      {mark}
      {label}
    </li>
  );
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {item(
        <span aria-hidden="true" className="h-2.5 w-4 rounded-sm bg-chart-1/15" />,
        t('legend.outer'),
      )}
      {item(
        <span aria-hidden="true" className="h-2.5 w-4 rounded-sm bg-chart-1/35" />,
        t('legend.inner'),
      )}
      {item(<span aria-hidden="true" className="w-4 border-t-2 border-chart-1" />, t('bands.p50'))}
      {item(
        <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-foreground" />,
        t('bands.mean'),
      )}
      {item(
        <span
          aria-hidden="true"
          className="w-4 border-t-2 border-dotted border-muted-foreground"
        />,
        t('bands.paidIn'),
      )}
      {compared.map((name, index) => (
        <li key={`${index}-${name}`} className="flex items-center gap-1.5">
          <svg aria-hidden="true" width="16" height="4" className="shrink-0">
            <line
              x1="0"
              y1="2"
              x2="16"
              y2="2"
              stroke={COMPARED_COLORS[index]}
              strokeWidth="2"
              strokeDasharray={COMPARED_DASHES[index]}
            />
          </svg>
          {t('scenarios.medianOf', { name })}
        </li>
      ))}
    </ul>
  );
}

/** What the horizon holds: the middle, both ends and what was put in, nominal and today's money. */
function HorizonFigures({
  nominal,
  real,
  currency,
}: {
  nominal: ProjectionRow;
  real: ProjectionRow;
  currency: Currency;
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  const money = (value: number) => format.money(value, { currency, decimals: false });
  const rows: [string, keyof ProjectionRow][] = [
    [t('bands.p95'), 'p95'],
    [t('bands.p50'), 'p50'],
    [t('bands.p5'), 'p5'],
    [t('bands.mean'), 'mean'],
    [t('bands.paidIn'), 'paidIn'],
  ];
  return (
    <table className="tabular w-full text-sm">
      <caption className="sr-only">{t('horizon.caption', { count: nominal.year })}</caption>
      <thead>
        <tr className="text-xs text-muted-foreground">
          <th scope="col" className="py-1 text-left font-medium">
            <span className="sr-only">{t('horizon.figure')}</span>
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('horizon.nominal', { count: nominal.year })}
          </th>
          <th scope="col" className="py-1 pl-4 text-right font-medium">
            {t('horizon.real')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, key]) => (
          <tr key={key} className={cn('border-t', key === 'p50' && 'font-semibold')}>
            <th scope="row" className="py-1.5 text-left font-normal">
              {label}
            </th>
            <td className="py-1.5 text-right">{money(nominal[key])}</td>
            <td className="py-1.5 pl-4 text-right text-muted-foreground">{money(real[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProjectionResults({
  result,
  currency,
  busy,
  stale = false,
  comparisons = [],
}: {
  result: ProjectionResult | null;
  currency: Currency;
  busy: boolean;
  /** The inputs changed to something that cannot run: the last figures stay, dimmed. */
  stale?: boolean;
  /** Saved scenarios drawn beside it: their medians. */
  comparisons?: readonly Comparison[];
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  const [real, setReal] = useState(false);
  const nominalRows = useMemo(() => (result ? yearlyRows(result, false) : []), [result]);
  const realRows = useMemo(() => (result ? yearlyRows(result, true) : []), [result]);
  const rows = real ? realRows : nominalRows;
  // Each compared scenario's median, year by year, on the same basis (nominal or today's money).
  const compared = useMemo(
    () =>
      comparisons.map((comparison) => ({
        name: comparison.name,
        medians: new Map(
          yearlyRows(comparison.result, real).map((row) => [row.year, row.p50] as const),
        ),
      })),
    [comparisons, real],
  );
  const lastNominal = nominalRows.at(-1);
  const lastReal = realRows.at(-1);

  if (!result || !lastNominal || !lastReal) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  }
  const money = (value: number) => format.money(value, { currency, decimals: false });
  const caption = t(real ? 'chart.captionReal' : 'chart.caption', { count: lastNominal.year });
  const table = (
    <ChartTable
      caption={caption}
      rows={rows}
      rowKey={(row) => String(row.year)}
      columns={[
        {
          id: 'year',
          header: t('chart.yearColumn'),
          cell: (row) => t('chart.year', { count: row.year }),
        },
        ...(['p5', 'p25', 'p50', 'p75', 'p95', 'mean', 'paidIn'] as const).map((key) => ({
          id: key,
          header: t(`bands.${key}`),
          numeric: true,
          cell: (row: ProjectionRow) => money(row[key]),
        })),
        ...compared.map((comparison, index) => ({
          id: `compared-${index}`,
          header: t('scenarios.medianOf', { name: comparison.name }),
          numeric: true,
          cell: (row: ProjectionRow) => {
            const median = comparison.medians.get(row.year);
            return median === undefined ? '–' : money(median);
          },
        })),
      ]}
    />
  );
  return (
    <div
      className={cn('grid gap-4 transition-opacity', stale && 'opacity-50')}
      aria-busy={busy || undefined}
    >
      <Card>
        <CardHeader className="pb-2">
          <CardTitle>{t('horizon.title', { count: lastNominal.year })}</CardTitle>
          <p className="text-[13px] text-muted-foreground">
            {t('horizon.sentence', {
              median: money(lastNominal.p50),
              low: money(lastNominal.p5),
              high: money(lastNominal.p95),
            })}
          </p>
        </CardHeader>
        <CardContent>
          <HorizonFigures nominal={lastNominal} real={lastReal} currency={currency} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle id="projection-chart-title">{t('chart.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ChartFigure
            busy={busy}
            summary={t('chart.summary', {
              caption,
              low: money(rows.at(-1)?.p5 ?? 0),
              median: money(rows.at(-1)?.p50 ?? 0),
              high: money(rows.at(-1)?.p95 ?? 0),
            })}
            toolbar={
              <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
                <MoneyToggle real={real} onChange={setReal} />
                <Legend compared={compared.map((comparison) => comparison.name)} />
              </div>
            }
            table={table}
            chart={
              <ChartCanvas height={CHART_HEIGHT} empty={rows.length < 2}>
                {(width) => (
                  <ProjectionChartDrawing
                    rows={rows}
                    compared={compared}
                    currency={currency}
                    width={width}
                    height={CHART_HEIGHT}
                  />
                )}
              </ChartCanvas>
            }
          />
          <p className="mt-3 text-[13px] text-muted-foreground">{t('chart.note')}</p>
        </CardContent>
      </Card>
    </div>
  );
}
