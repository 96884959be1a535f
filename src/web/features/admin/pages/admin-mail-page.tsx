import {
  CircleAlert,
  CircleCheck,
  Copy,
  Eye,
  Hourglass,
  Inbox,
  type LucideIcon,
  Mail,
  Send,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  MAIL_STATUSES,
  type MailEntry,
  type MailMessageDetail,
  type MailStatus,
} from '@/contracts/admin';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { api } from '@/web/lib/api-client';
import { useFormatters } from '@/web/lib/preferences';
import { adminKeys, MAIL_PAGE_SIZE, useMail, useMailMessage } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import {
  EmptyRow,
  LoadErrorRow,
  LoadingStatus,
  SkeletonRows,
  TableCard,
} from '../components/data-table';
import { FilterSelect, Pagination, SearchField } from '../components/list-controls';
import { StatusBadge } from '../components/status-badge';
import { copyText } from '../lib/clipboard';
import { formatRelativeTime } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useLocale, useNow } from '../lib/use-locale';

const COLUMNS = 5;

const STATUS: Record<
  MailStatus,
  { tone: 'warning' | 'secondary' | 'success' | 'destructive'; icon: LucideIcon }
> = {
  stored: { tone: 'warning', icon: Inbox },
  pending: { tone: 'secondary', icon: Hourglass },
  sent: { tone: 'success', icon: CircleCheck },
  failed: { tone: 'destructive', icon: CircleAlert },
};

function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('admin');
  const { tone, icon } = STATUS[status];
  return <StatusBadge tone={tone} icon={icon} label={t(`mail.status.${status}`)} />;
}

function useTemplateLabel() {
  const { t } = useTranslation('admin');
  return (template: string) => t(`mail.templates.${template}`, { defaultValue: template });
}

/** Reads one email (audited on the server) and copies its link; says what happened. */
function useCopyLink() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return async (entry: MailEntry) => {
    try {
      const message = await queryClient.fetchQuery({
        queryKey: adminKeys.mailMessage(entry.id),
        queryFn: () => api<MailMessageDetail>(`/admin/mail/${entry.id}`),
        staleTime: Infinity,
        // Someone's link: never in the offline copy, kept in memory a minute.
        meta: { persist: false },
        gcTime: 60_000,
      });
      if (message.actionUrl && (await copyText(message.actionUrl))) {
        toast.success(t('mail.linkCopied', { to: entry.to }));
        return;
      }
    } catch {
      // Said below, as a refused copy is.
    }
    toast.error(t('mail.copyFailed'));
  };
}

function MailRow({
  entry,
  now,
  onOpen,
}: {
  entry: MailEntry;
  now: Date;
  onOpen: (entry: MailEntry) => void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const format = useFormatters();
  const templateLabel = useTemplateLabel();
  const copyLink = useCopyLink();
  return (
    <TableRow>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
        <div className="grid gap-0.5">
          <time dateTime={entry.createdAt} className="tabular">
            {format.dateTime(entry.createdAt, { dateStyle: 'medium' })}
          </time>
          <span className="text-xs text-muted-foreground">
            {formatRelativeTime(entry.createdAt, now, locale)}
          </span>
        </div>
      </TableCell>
      <TableCell className="max-w-44 sm:max-w-64">
        <div className="grid gap-0.5">
          <span className="truncate font-medium" title={entry.to}>
            {entry.to}
          </span>
          {/* Narrow screens: what the email is, its status and when, under the recipient. */}
          <span className="truncate text-xs text-muted-foreground md:hidden">
            {templateLabel(entry.template)}
          </span>
          <span className="truncate text-xs text-muted-foreground sm:hidden">
            {t(`mail.status.${entry.status}`)} · {formatRelativeTime(entry.createdAt, now, locale)}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden max-w-80 md:table-cell">
        <div className="grid gap-0.5">
          <span className="truncate" title={entry.subject}>
            {entry.subject}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {templateLabel(entry.template)}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
        <MailStatusBadge status={entry.status} />
      </TableCell>
      <TableCell className="text-right whitespace-nowrap">
        {entry.hasBody ? (
          <div className="flex justify-end gap-1.5">
            {entry.hasLink ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void copyLink(entry)}
                aria-label={t('mail.copyLinkOf', { to: entry.to })}
              >
                <Copy aria-hidden="true" />
                <span className="hidden lg:inline">{t('mail.copyLink')}</span>
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onOpen(entry)}
              aria-label={t('mail.viewOf', { to: entry.to })}
            >
              <Eye aria-hidden="true" />
              <span className="hidden lg:inline">{t('mail.view')}</span>
            </Button>
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{t('mail.cleared')}</span>
        )}
      </TableCell>
    </TableRow>
  );
}

function MailDialog({ entry, onClose }: { entry: MailEntry | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const templateLabel = useTemplateLabel();
  const message = useMailMessage(entry?.id ?? null);
  const copyLink = useCopyLink();
  const data = message.data;
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('mail.dialog.close')} className="sm:max-w-2xl">
        {entry ? (
          <>
            <DialogHeader>
              <DialogTitle className="[overflow-wrap:anywhere]">{entry.subject}</DialogTitle>
              <DialogDescription>{templateLabel(entry.template)}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('mail.dialog.to')}</dt>
              <dd className="[overflow-wrap:anywhere]">{entry.to}</dd>
              <dt className="text-muted-foreground">{t('mail.dialog.sent')}</dt>
              <dd className="tabular">
                {format.dateTime(entry.createdAt, { dateStyle: 'medium' })}
              </dd>
            </dl>
            {message.isPending ? (
              <div className="grid gap-2" aria-label={t('mail.dialog.loading')}>
                <Skeleton className="h-9" />
                <Skeleton className="h-40" />
              </div>
            ) : message.isError ? (
              <LoadErrorRowless onRetry={() => void message.refetch()} />
            ) : data && data.text !== null ? (
              <>
                {data.actionUrl ? (
                  <div className="grid gap-1.5">
                    <p className="text-sm font-medium">{t('mail.dialog.link')}</p>
                    <div className="flex items-stretch gap-2">
                      <code className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1.5 font-mono text-xs [overflow-wrap:anywhere]">
                        {data.actionUrl}
                      </code>
                      <Button size="sm" variant="outline" onClick={() => void copyLink(entry)}>
                        <Copy aria-hidden="true" />
                        {t('mail.dialog.copy')}
                      </Button>
                    </div>
                  </div>
                ) : null}
                <div className="grid gap-1.5">
                  <p className="text-sm font-medium">{t('mail.dialog.body')}</p>
                  <pre
                    tabIndex={0}
                    className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
                  >
                    {data.text}
                  </pre>
                </div>
                <p className="text-xs text-muted-foreground">{t('mail.dialog.audited')}</p>
              </>
            ) : (
              <Alert>{t('mail.dialog.clearedText')}</Alert>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LoadErrorRowless({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert tone="error" title={t('common.loadFailed')}>
      <Button size="sm" variant="outline" className="mt-1" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/**
 * /admin/mail: the emails the server wrote, newest first. Without a mail server (no SMTP_URL) it
 * is where they wait for the administrator to pass their links on; with one, a delivery log.
 */
export function AdminMailPage() {
  const { t } = useTranslation('admin');
  const now = useNow();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | MailStatus>('all');
  const to = useDebouncedValue(search.trim());
  const filterKey = `${to}|${status}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const mail = useMail({ to, status: status === 'all' ? null : status, page });
  const data = mail.data;
  const [open, setOpen] = useState<MailEntry | null>(null);
  const filtered = to !== '' || status !== 'all';

  return (
    <AdminPage title={t('mail.title')} description={t('mail.description')} mailNotice={false}>
      {data ? (
        data.delivery ? (
          <Alert>
            <span className="inline-flex items-center gap-1.5">
              <Send className="size-3.5" aria-hidden="true" />
              {t('mail.configured')}
            </span>
          </Alert>
        ) : (
          <Alert tone="warning" title={t('mail.notConfigured.title')}>
            {t('mail.notConfigured.text')}
          </Alert>
        )
      ) : (
        <Skeleton className="h-16 rounded-lg" />
      )}
      <TableCard
        label={t('mail.tableLabel')}
        busy={mail.isFetching}
        toolbar={
          <>
            <SearchField
              label={t('mail.searchLabel')}
              placeholder={t('mail.searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
            <FilterSelect
              label={t('mail.statusFilter')}
              value={status}
              onChange={(value) => setStatus(value as 'all' | MailStatus)}
            >
              <option value="all">{t('common.all')}</option>
              {MAIL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`mail.status.${value}`)}
                </option>
              ))}
            </FilterSelect>
          </>
        }
        footer={
          data && data.total > 0 ? (
            <Pagination
              label={t('mail.paginationLabel')}
              page={page}
              pageSize={MAIL_PAGE_SIZE}
              total={data.total}
              onPageChange={(next) => setPaging({ filterKey, page: next })}
            />
          ) : null
        }
      >
        {mail.isPending ? <LoadingStatus label={t('mail.loading')} /> : null}
        <Table>
          <TableCaption>{t('mail.caption')}</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="hidden sm:table-cell">{t('mail.columns.when')}</TableHead>
              <TableHead>{t('mail.columns.to')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('mail.columns.email')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('mail.columns.status')}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('mail.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {mail.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : mail.isError && !data ? (
              <LoadErrorRow colSpan={COLUMNS} onRetry={() => void mail.refetch()} />
            ) : !data || data.entries.length === 0 ? (
              <EmptyRow
                colSpan={COLUMNS}
                icon={Mail}
                title={filtered ? t('mail.emptyFiltered.title') : t('mail.empty.title')}
                description={
                  filtered ? t('mail.emptyFiltered.description') : t('mail.empty.description')
                }
              />
            ) : (
              data.entries.map((entry) => (
                <MailRow key={entry.id} entry={entry} now={now} onOpen={setOpen} />
              ))
            )}
          </TableBody>
        </Table>
      </TableCard>
      <MailDialog entry={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
