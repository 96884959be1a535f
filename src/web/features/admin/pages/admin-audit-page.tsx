import { ArrowRight, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@/contracts/admin';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import {
  EmptyRow,
  LoadErrorRow,
  LoadingStatus,
  SkeletonRows,
  TableCard,
} from '../components/data-table';
import { FilterSelect, Pagination } from '../components/list-controls';
import { compactJson, formatRelativeTime } from '../lib/format';
import { useLocale, useNow } from '../lib/use-locale';
import { useFormatters } from '@/web/lib/preferences';

/** The actions the server records (admin.routes and its services). */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.subscription',
  'feature_flag.toggle',
  'feature_flag.bulk',
  'feature_flag.reset',
  'beta.toggle',
  'invite.create',
  'invite.delete',
  'waitlist.invite',
  'waitlist.refuse',
  'waitlist.restore',
  'support.mfa_lookup',
  'auth.setup',
  'mail.read',
  'account.deletion_requested',
  'account.deletion_cancelled',
] as const;

const COLUMNS = 5;
const keyOf = (value: string) => value.replace(/\./g, '_');

function Json({ value }: { value: unknown }) {
  const text = compactJson(value);
  if (text === null) return <span className="text-muted-foreground">∅</span>;
  return (
    <code
      title={text}
      className="block max-w-56 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
    >
      {text}
    </code>
  );
}

function AuditRow({ entry, now }: { entry: AuditEntry; now: Date }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const format = useFormatters();
  const target = t(`audit.targets.${keyOf(entry.targetType)}`, { defaultValue: entry.targetType });
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <div className="grid gap-0.5">
          <time dateTime={entry.createdAt} className="tabular">
            {format.dateTime(entry.createdAt, { dateStyle: 'medium' })}
          </time>
          <span className="text-xs text-muted-foreground">
            {formatRelativeTime(entry.createdAt, now, locale)}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden max-w-56 md:table-cell">
        <div className="grid gap-0.5">
          <span className="truncate">{entry.actorEmail ?? t('audit.system')}</span>
          {entry.ip ? (
            <span className="text-xs text-muted-foreground tabular">
              {t('audit.ip', { ip: entry.ip })}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <div className="grid gap-0.5">
          <span className="font-medium">
            {t(`audit.actions.${keyOf(entry.action)}`, { defaultValue: entry.action })}
          </span>
          <code className="font-mono text-xs text-muted-foreground">{entry.action}</code>
        </div>
      </TableCell>
      <TableCell className="hidden max-w-56 lg:table-cell">
        <div className="grid gap-0.5">
          <span>{target}</span>
          {entry.targetId ? (
            <code
              className="truncate font-mono text-xs text-muted-foreground"
              title={entry.targetId}
            >
              {entry.targetId}
            </code>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <div className="flex items-center gap-1.5">
          <Json value={entry.before} />
          <ArrowRight
            className="size-3.5 shrink-0 text-muted-foreground"
            aria-label={t('audit.becomes')}
          />
          <Json value={entry.after} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** /admin/audit: what admins changed, newest first; filter by action, 50 a page. */
export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const now = useNow();
  const [action, setAction] = useState<string>('all');
  const [paging, setPaging] = useState({ action, page: 1 });
  const page = paging.action === action ? paging.page : 1;
  const audit = useAudit({ action: action === 'all' ? null : action, page });
  const data = audit.data;

  return (
    <AdminPage title={t('audit.title')} description={t('audit.description')}>
      <TableCard
        label={t('audit.tableLabel')}
        busy={audit.isFetching}
        toolbar={
          <FilterSelect label={t('audit.actionFilter')} value={action} onChange={setAction}>
            <option value="all">{t('common.all')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`audit.actions.${keyOf(value)}`)}
              </option>
            ))}
          </FilterSelect>
        }
        footer={
          data && data.total > 0 ? (
            <Pagination
              label={t('audit.paginationLabel')}
              page={page}
              pageSize={AUDIT_PAGE_SIZE}
              total={data.total}
              onPageChange={(next) => setPaging({ action, page: next })}
            />
          ) : null
        }
      >
        {audit.isPending ? <LoadingStatus label={t('audit.loading')} /> : null}
        <Table>
          <TableCaption>{t('audit.caption')}</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('audit.columns.when')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('audit.columns.who')}</TableHead>
              <TableHead>{t('audit.columns.action')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('audit.columns.target')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('audit.columns.change')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {audit.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : audit.isError && !data ? (
              <LoadErrorRow colSpan={COLUMNS} onRetry={() => void audit.refetch()} />
            ) : !data || data.entries.length === 0 ? (
              <EmptyRow
                colSpan={COLUMNS}
                icon={ScrollText}
                title={action === 'all' ? t('audit.empty.title') : t('audit.emptyFiltered.title')}
                description={
                  action === 'all'
                    ? t('audit.empty.description')
                    : t('audit.emptyFiltered.description')
                }
              />
            ) : (
              data.entries.map((entry) => <AuditRow key={entry.id} entry={entry} now={now} />)
            )}
          </TableBody>
        </Table>
      </TableCard>
    </AdminPage>
  );
}
