import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Flag } from '@/contracts/admin';
import { FLAG_CATEGORIES, type FlagCategory } from '@/contracts/feature-flags';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { useFailureToast } from '@/web/components/ui/use-failure-toast';
import { type FlagBulkChange, useBulkFlags, useToggleFlag } from '../api/mutations';
import { useAdminFlags } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { WarningList } from '../components/warning-list';
import { LoadingStatus, TableCard } from '../components/data-table';
import { changedBy, FlagCategories, FlagTotals } from '../components/flag-categories';
import { FlagsTable } from '../components/flags-table';
import { FilterSelect, SearchField } from '../components/list-controls';
import { flagWarnings, useFlagText } from '../lib/flags';

type Pending =
  { type: 'toggle'; flag: Flag; enabled: boolean } | { type: 'bulk'; change: FlagBulkChange };

/** /admin/feature-flags: every flag, its state and last change; toggles and bulk changes. */
export function AdminFeatureFlagsPage() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const flagText = useFlagText();
  const flags = useAdminFlags();
  useFailureToast(flags, t('featureFlags.loadFailed'));
  const toggle = useToggleFlag();
  const bulk = useBulkFlags();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<FlagCategory | 'all'>('all');
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);

  const all = flags.data?.flags;
  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (all ?? []).filter((flag) => {
      if (category !== 'all' && flag.category !== category) return false;
      if (!term) return true;
      const text = flagText(flag);
      return [flag.key, text.name, text.description].some((value) =>
        value.toLowerCase().includes(term),
      );
    });
  }, [all, category, search, flagText]);

  const ask = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.type === 'toggle') {
      toggle.mutate(
        { key: pending.flag.key, enabled: pending.enabled },
        {
          onSuccess: () => toast.success(t('featureFlags.toast.updated')),
          onError: (error) =>
            toast.error(t('featureFlags.toast.updateFailed'), { description: errorText(error) }),
        },
      );
    } else {
      bulk.mutate(pending.change, {
        onSuccess: ({ updatedCount }) =>
          toast.success(t('featureFlags.toast.bulkUpdated', { count: updatedCount })),
        onError: (error) =>
          toast.error(t('featureFlags.toast.bulkFailed'), { description: errorText(error) }),
      });
    }
  };

  const dialog = (() => {
    if (!pending || !all) return null;
    if (pending.type === 'toggle') {
      const name = flagText(pending.flag).name;
      return {
        title: t(
          pending.enabled
            ? 'featureFlags.confirm.enableTitle'
            : 'featureFlags.confirm.disableTitle',
          { name },
        ),
        confirmLabel: t(
          pending.enabled ? 'featureFlags.confirm.enable' : 'featureFlags.confirm.disable',
        ),
        destructive: !pending.enabled,
        warnings: flagWarnings([pending.flag], pending.enabled),
      };
    }
    const { change } = pending;
    const inCategory = all.filter((flag) => flag.category === change.category);
    const categoryName = t(`featureFlags.categories.${change.category}`);
    const kind = change.kind === 'reset' ? 'reset' : change.enabled ? 'enableAll' : 'disableAll';
    const warnings =
      change.kind === 'reset'
        ? [
            ...flagWarnings(
              inCategory.filter((flag) => !flag.defaultEnabled),
              false,
            ),
            ...flagWarnings(
              inCategory.filter((flag) => flag.defaultEnabled),
              true,
            ),
          ]
        : flagWarnings(inCategory, change.enabled);
    return {
      title: t(`featureFlags.confirm.${kind}Title`, { category: categoryName }),
      confirmLabel: t(`featureFlags.confirm.${kind}`),
      destructive: kind === 'disableAll',
      warnings: [...new Set(warnings)],
      count: changedBy(change, all),
    };
  })();

  return (
    <AdminPage title={t('featureFlags.title')} description={t('featureFlags.help')}>
      <FlagTotals flags={all} />
      <FlagCategories
        flags={all}
        busy={bulk.isPending}
        onRequest={(change) => ask({ type: 'bulk', change })}
      />
      <TableCard
        label={t('featureFlags.tableLabel')}
        busy={flags.isFetching}
        toolbar={
          <>
            <SearchField
              label={t('featureFlags.searchLabel')}
              placeholder={t('featureFlags.searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
            <FilterSelect
              label={t('featureFlags.categoryFilter')}
              value={category}
              onChange={(value) => setCategory(value as FlagCategory | 'all')}
            >
              <option value="all">{t('common.all')}</option>
              {FLAG_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`featureFlags.categories.${value}`)}
                </option>
              ))}
            </FilterSelect>
          </>
        }
      >
        {flags.isPending ? <LoadingStatus label={t('featureFlags.loading')} /> : null}
        <FlagsTable
          flags={visible}
          loading={flags.isPending}
          failed={flags.isError && !all}
          onRetry={() => void flags.refetch()}
          onToggle={(flag, enabled) => ask({ type: 'toggle', flag, enabled })}
          onClearFilters={() => {
            setSearch('');
            setCategory('all');
          }}
        />
      </TableCard>
      <ConfirmDialog
        open={open && !!dialog}
        onOpenChange={setOpen}
        title={dialog?.title ?? ''}
        description={
          dialog && 'count' in dialog
            ? t('featureFlags.confirm.bulkDescription', { count: dialog.count })
            : t('featureFlags.help')
        }
        confirmLabel={dialog?.confirmLabel ?? ''}
        destructive={dialog?.destructive}
        onConfirm={confirm}
      >
        <WarningList
          items={(dialog?.warnings ?? []).map((warning) => t(`featureFlags.warnings.${warning}`))}
        />
      </ConfirmDialog>
    </AdminPage>
  );
}
