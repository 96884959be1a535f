import { AlertTriangle, FlagOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Flag } from '@/contracts/admin';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useFlagText } from '../lib/flags';
import { formatRelativeTime } from '../lib/format';
import { useLocale, useNow } from '../lib/use-locale';
import { EmptyRow, LoadErrorRow, SkeletonRows } from './data-table';
import { FlagStatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

const COLUMNS = 6;

function FlagRow({
  flag,
  now,
  onToggle,
}: {
  flag: Flag;
  now: Date;
  onToggle: (flag: Flag, enabled: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const format = useFormatters();
  const text = useFlagText()(flag);
  return (
    <TableRow>
      <TableCell className="sm:min-w-48">
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-1.5 font-medium">
            {text.name}
            {flag.critical ? (
              <Badge variant="warning">
                <AlertTriangle aria-hidden="true" />
                {t('featureFlags.critical')}
              </Badge>
            ) : null}
          </span>
          <code className="font-mono text-xs break-all text-muted-foreground">{flag.key}</code>
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        {t(`featureFlags.categories.${flag.category}`)}
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <FlagStatusBadge enabled={flag.enabled} />
      </TableCell>
      <TableCell className="hidden min-w-64 text-muted-foreground lg:table-cell">
        {text.description}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        <div className="grid gap-0.5">
          <time
            dateTime={flag.updatedAt}
            title={format.dateTime(flag.updatedAt, { dateStyle: 'medium' })}
            className="tabular"
          >
            {formatRelativeTime(flag.updatedAt, now, locale)}
          </time>
          <span className="max-w-48 truncate text-xs text-muted-foreground">
            {flag.updatedByEmail
              ? t('featureFlags.updatedBy', { email: flag.updatedByEmail })
              : t('featureFlags.updatedBySystem')}
          </span>
        </div>
      </TableCell>
      <TableCell className="text-right">
        <Switch
          change
          aria-label={text.name}
          checked={flag.enabled}
          onCheckedChange={(enabled) => onToggle(flag, enabled)}
        />
      </TableCell>
    </TableRow>
  );
}

/** The flags: name and key, category, status, description, last change, and the switch. */
export function FlagsTable({
  flags,
  loading,
  failed,
  onRetry,
  onToggle,
  onClearFilters,
}: {
  flags: Flag[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onToggle: (flag: Flag, enabled: boolean) => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('admin');
  const now = useNow();
  return (
    <Table>
      <TableCaption>{t('featureFlags.caption')}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t('featureFlags.columns.name')}</TableHead>
          <TableHead className="hidden md:table-cell">
            {t('featureFlags.columns.category')}
          </TableHead>
          <TableHead className="hidden md:table-cell">{t('featureFlags.columns.status')}</TableHead>
          <TableHead className="hidden lg:table-cell">
            {t('featureFlags.columns.description')}
          </TableHead>
          <TableHead className="hidden md:table-cell">
            {t('featureFlags.columns.updated')}
          </TableHead>
          <TableHead className="text-right">{t('featureFlags.columns.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          <SkeletonRows columns={COLUMNS} rows={8} />
        ) : failed ? (
          <LoadErrorRow colSpan={COLUMNS} onRetry={onRetry} title={t('featureFlags.loadFailed')} />
        ) : flags.length === 0 ? (
          <EmptyRow
            colSpan={COLUMNS}
            icon={FlagOff}
            title={t('featureFlags.empty.title')}
            description={t('featureFlags.empty.description')}
            action={
              <Button size="sm" variant="outline" className="mt-2" onClick={onClearFilters}>
                {t('common.clearFilters')}
              </Button>
            }
          />
        ) : (
          flags.map((flag) => <FlagRow key={flag.key} flag={flag} now={now} onToggle={onToggle} />)
        )}
      </TableBody>
    </Table>
  );
}
