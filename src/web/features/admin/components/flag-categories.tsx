import { CircleCheck, CircleOff, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Flag } from '@/contracts/admin';
import { FLAG_CATEGORIES, type FlagCategory } from '@/contracts/feature-flags';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { bulkUpdates, type FlagBulkChange } from '../api/mutations';
import { countFlags } from '../lib/flags';
import { useFormatters } from '@/web/lib/preferences';

/** How many flags a bulk change would actually change. */
export function changedBy(change: FlagBulkChange, flags: readonly Flag[]) {
  const current = new Map(flags.map((flag) => [flag.key, flag.enabled]));
  return bulkUpdates(change, flags).filter((update) => current.get(update.key) !== update.enabled)
    .length;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-card px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg leading-tight font-semibold tabular">{value}</dd>
    </div>
  );
}

/** Total, enabled and disabled. */
export function FlagTotals({ flags }: { flags: Flag[] | undefined }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  if (!flags)
    return (
      <div className="grid grid-cols-3 gap-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  const counts = countFlags(flags);
  return (
    <dl aria-label={t('featureFlags.counts.label')} className="grid grid-cols-3 gap-3">
      <Stat label={t('featureFlags.counts.total')} value={format.number(counts.total)} />
      <Stat label={t('featureFlags.counts.enabled')} value={format.number(counts.enabled)} />
      <Stat label={t('featureFlags.counts.disabled')} value={format.number(counts.disabled)} />
    </dl>
  );
}

function CategoryCard({
  category,
  flags,
  busy,
  onRequest,
}: {
  category: FlagCategory;
  flags: Flag[];
  busy: boolean;
  onRequest: (change: FlagBulkChange) => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const counts = countFlags(flags).byCategory[category];
  const id = `flag-category-${category}`;
  const enableAll: FlagBulkChange = { kind: 'set', category, enabled: true };
  const disableAll: FlagBulkChange = { kind: 'set', category, enabled: false };
  const reset: FlagBulkChange = { kind: 'reset', category };
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id} className="grid h-full gap-3 px-4 py-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={id} className="text-sm font-semibold">
            {t(`featureFlags.categories.${category}`)}
          </h2>
          <p className="text-[13px] text-muted-foreground tabular">
            {t('featureFlags.counts.categoryEnabled', {
              enabled: format.number(counts.enabled),
              count: counts.total,
            })}
          </p>
        </div>
        {category === 'navigation' || category === 'search' ? (
          <p className="text-xs text-muted-foreground">
            {t(
              category === 'navigation'
                ? 'featureFlags.warnings.navigationHidden'
                : 'featureFlags.warnings.searchRemoved',
            )}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{t('featureFlags.warnings.criticalHint')}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-1.5">
          <Button
            change
            size="sm"
            variant="outline"
            className="h-7"
            disabled={busy || changedBy(enableAll, flags) === 0}
            onClick={() => onRequest(enableAll)}
          >
            <CircleCheck aria-hidden="true" />
            {t('featureFlags.bulk.enableAll')}
          </Button>
          <Button
            change
            size="sm"
            variant="outline"
            className="h-7"
            disabled={busy || changedBy(disableAll, flags) === 0}
            onClick={() => onRequest(disableAll)}
          >
            <CircleOff aria-hidden="true" />
            {t('featureFlags.bulk.disableAll')}
          </Button>
          <Button
            change
            size="sm"
            variant="ghost"
            className="h-7"
            disabled={busy || changedBy(reset, flags) === 0}
            onClick={() => onRequest(reset)}
          >
            <RotateCcw aria-hidden="true" />
            {t('featureFlags.bulk.reset')}
          </Button>
        </div>
      </section>
    </Card>
  );
}

/** One card per category: its count, and enable all / disable all / reset to defaults. */
export function FlagCategories({
  flags,
  busy,
  onRequest,
}: {
  flags: Flag[] | undefined;
  busy: boolean;
  onRequest: (change: FlagBulkChange) => void;
}) {
  if (!flags)
    return (
      <div className="grid gap-3 md:grid-cols-3" aria-hidden="true">
        {FLAG_CATEGORIES.map((category) => (
          <Skeleton key={category} className="h-32 rounded-xl" />
        ))}
      </div>
    );
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {FLAG_CATEGORIES.map((category) => (
        <CategoryCard
          key={category}
          category={category}
          flags={flags}
          busy={busy}
          onRequest={onRequest}
        />
      ))}
    </div>
  );
}
