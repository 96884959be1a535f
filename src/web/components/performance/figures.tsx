import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@/contracts/settings';
import type { PerformanceFigures } from '@/contracts/valuation';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';

/** A ratio of the valuation contract (0.052) in percent (5.2), as the formatters take it. */
export const asPercent = (ratio: number) => ratio * 100;

/**
 * A change of money: sign, arrow and 'up'/'down' for screen readers, then the percentage when
 * there is one (+€120.00 (+1.20%)). '—' when it is not known.
 */
export function MoneyChange({
  amount,
  ratio,
  currency,
  className,
}: {
  amount: string | null;
  ratio?: number | null;
  currency: Currency;
  className?: string;
}) {
  const format = useFormatters();
  if (amount === null) return <span className="text-muted-foreground">—</span>;
  const money = format.money(amount, { currency, decimals: true, signed: true });
  const percent =
    ratio === null || ratio === undefined
      ? ''
      : ` (${format.percent(asPercent(ratio), { decimals: 2, signed: true })})`;
  return (
    <ChangeIndicator value={Number(amount)} label={`${money}${percent}`} className={className} />
  );
}

/** A labelled figure (the label small above it); put several in a <dl>. */
export function Stat({
  label,
  children,
  hint,
  className,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular text-[15px] font-semibold">{children}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/**
 * A return as shown: to 0.01 %. Its direction is the shown figure's, so that a return of
 * -0.0000000000001 % (a solver's rounding) reads '0.00 %' unchanged, not a loss.
 */
function ReturnValue({ ratio }: { ratio: number | null }) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  if (ratio === null)
    return (
      <span className="text-muted-foreground" title={t('performance.notAvailableHint')}>
        {t('performance.notAvailable')}
      </span>
    );
  // Rounded as displayed (2 decimals of a percent, halves away from zero), and -0 made 0.
  const shown = (Math.sign(ratio) * Math.round(Math.abs(ratio) * 10_000)) / 10_000 || 0;
  return (
    <ChangeIndicator
      value={shown}
      label={format.percent(asPercent(shown), { decimals: 2, signed: true })}
    />
  );
}

/**
 * Time-weighted and money-weighted returns side by side, each with a line that says what it
 * measures (they answer different questions, and differ when money came in or out).
 */
export function ReturnsPair({
  figures,
  className,
}: {
  figures: Pick<PerformanceFigures, 'twr' | 'twrAnnualized' | 'mwr'>;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  return (
    <dl className={cn('grid gap-4 sm:grid-cols-2', className)}>
      <Stat
        label={t('performance.twr')}
        hint={
          <>
            {figures.twrAnnualized !== null ? (
              <span className="tabular mr-1 font-medium text-foreground">
                {t('performance.twrAnnualized', {
                  value: format.percent(asPercent(figures.twrAnnualized), {
                    decimals: 2,
                    signed: true,
                  }),
                })}
                .
              </span>
            ) : null}
            {t('performance.twrHint')}
          </>
        }
      >
        <ReturnValue ratio={figures.twr} />
      </Stat>
      <Stat label={t('performance.mwr')} hint={t('performance.mwrHint')}>
        <ReturnValue ratio={figures.mwr} />
      </Stat>
    </dl>
  );
}

export type UnpricedHolding = { holdingId: string; name: string; reason: 'no_price' | 'no_rate' };

/**
 * Holdings left out of the totals, named in a calm notice ('2 holdings have no price yet: …'):
 * information, not an error.
 */
export function UnpricedNotice({
  items,
  className,
}: {
  items: UnpricedHolding[];
  className?: string;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  if (items.length === 0) return null;
  const list = new Intl.ListFormat(format.locale, { type: 'conjunction' });
  const noPrice = items.filter((item) => item.reason === 'no_price').map((item) => item.name);
  const noRate = items.filter((item) => item.reason === 'no_rate').map((item) => item.name);
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-lg border bg-muted/50 px-4 py-3 text-[13px]',
        className,
      )}
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <p>
        {noPrice.length ? (
          <>
            {t('performance.unpriced.noPrice', {
              count: noPrice.length,
              names: list.format(noPrice),
            })}{' '}
          </>
        ) : null}
        {noRate.length ? (
          <>
            {t('performance.unpriced.noRate', {
              count: noRate.length,
              names: list.format(noRate),
            })}{' '}
          </>
        ) : null}
        <span className="text-muted-foreground">{t('performance.unpriced.left')}</span>
      </p>
    </div>
  );
}

/** Where a last price comes from, and its date: 'Entered by hand on 12 Jan 2026'. */
export function usePriceSourceText() {
  const { t } = useTranslation('common');
  const format = useFormatters();
  return (source: 'manual' | 'market' | 'valuation' | 'savings' | null, date: string | null) =>
    source && date ? t(`performance.source.${source}`, { date: format.date(date) }) : null;
}
