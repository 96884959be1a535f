import { useTranslation } from 'react-i18next';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { Card } from '@/web/components/ui/card';
import { formatMoney, formatPercent } from '@/web/lib/format';
import { currentLanguage } from '@/web/lib/i18n';

/**
 * Example figures for the landing illustration. They are labelled as an example on screen and
 * are internally consistent: the total and the month change are computed from the rows.
 */
const EXAMPLE = [
  { key: 'market', value: 104_290, monthChange: 3_332, color: 'bg-chart-1' },
  { key: 'realEstate', value: 76_980, monthChange: 459, color: 'bg-chart-2' },
  { key: 'savings', value: 29_800, monthChange: 89, color: 'bg-chart-3' },
  { key: 'crypto', value: 19_860, monthChange: -763, color: 'bg-chart-4' },
  { key: 'crowdfunding', value: 12_410, monthChange: 98, color: 'bg-chart-5' },
  { key: 'other', value: 4_970, monthChange: 0, color: 'bg-chart-6' },
] as const;

const total = EXAMPLE.reduce((sum, row) => sum + row.value, 0);
const totalChange = EXAMPLE.reduce((sum, row) => sum + row.monthChange, 0);
const changePercent = (change: number, value: number) => (change / (value - change)) * 100;

export function PortfolioPreview() {
  const { t } = useTranslation('landing');
  const lang = currentLanguage();
  const money = (value: number, signed = false) => formatMoney(value, 'EUR', lang, { signed });

  return (
    <figure className="relative">
      <Card elevated className="overflow-hidden">
        <div className="flex items-center justify-between border-b bg-muted/40 px-5 py-3">
          <span className="rounded-full border bg-card px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            {t('preview.label')}
          </span>
          <div className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
            <span className="size-2.5 rounded-full bg-border" />
          </div>
        </div>
        <div className="p-5 sm:p-6">
          <p className="text-sm text-muted-foreground">{t('preview.netWorth')}</p>
          <p className="tabular mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">
            {money(total)}
          </p>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 text-sm">
            <ChangeIndicator
              value={totalChange}
              label={`${money(totalChange, true)} (${formatPercent(changePercent(totalChange, total), lang, { signed: true })})`}
            />
            <span className="text-muted-foreground">{t('preview.thisMonth')}</span>
          </p>

          <p className="mt-6 text-xs font-medium text-muted-foreground">
            {t('preview.allocation')}
          </p>
          <div className="mt-2 flex h-2.5 gap-0.5 overflow-hidden rounded-full" aria-hidden="true">
            {EXAMPLE.map((row) => (
              <span
                key={row.key}
                className={row.color}
                style={{ width: `${(row.value / total) * 100}%` }}
              />
            ))}
          </div>

          <table className="mt-5 w-full text-sm">
            <caption className="sr-only">{t('preview.label')}</caption>
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th scope="col" className="pb-2 text-left font-medium">
                  {t('preview.category')}
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  {t('preview.value')}
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  {t('preview.change')}
                </th>
              </tr>
            </thead>
            <tbody>
              {EXAMPLE.map((row) => (
                <tr key={row.key} className="border-t border-border/60">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    <span className="flex items-center gap-2">
                      <span
                        className={`size-2 shrink-0 rounded-full ${row.color}`}
                        aria-hidden="true"
                      />
                      <span className="truncate">{t(`preview.classes.${row.key}`)}</span>
                      <span className="tabular text-xs text-muted-foreground">
                        {formatPercent((row.value / total) * 100, lang, { decimals: 0 })}
                      </span>
                    </span>
                  </th>
                  <td className="tabular py-2 text-right">{money(row.value)}</td>
                  <td className="py-2 pl-3 text-right">
                    <ChangeIndicator
                      value={row.monthChange}
                      label={formatPercent(changePercent(row.monthChange, row.value), lang, {
                        signed: true,
                        decimals: 1,
                      })}
                      className="justify-end"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        {t('preview.caption')}
      </figcaption>
    </figure>
  );
}
