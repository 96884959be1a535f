import { Check, Copy, TicketX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Invite, INVITE_STATUSES } from '@/contracts/admin';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useDeleteInvite } from '../api/mutations';
import { type InvitesParams, useInvites } from '../api/queries';
import { copyText } from '../lib/clipboard';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { EmptyRow, LoadErrorRow, LoadingStatus, SkeletonRows, TableCard } from './data-table';
import { FilterSelect, SearchField } from './list-controls';
import { InviteStatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

const COLUMNS = 7;
type StatusFilter = InvitesParams['status'] | 'all';

function Dash() {
  return (
    <span className="text-muted-foreground" aria-hidden="true">
      —
    </span>
  );
}

function InviteRow({
  invite,
  copied,
  onCopy,
  onDelete,
}: {
  invite: Invite;
  copied: boolean;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <span className="inline-flex items-center gap-1">
          <code className="font-mono text-[13px] font-medium tracking-wider">{invite.code}</code>
          <Button
            variant="ghost"
            size="icon-sm"
            className="size-7 text-muted-foreground"
            aria-label={t('invites.copy', { code: invite.code })}
            onClick={onCopy}
          >
            {copied ? (
              <Check aria-hidden="true" className="text-gain" />
            ) : (
              <Copy aria-hidden="true" />
            )}
          </Button>
        </span>
      </TableCell>
      <TableCell className="hidden max-w-56 truncate md:table-cell">
        {invite.email ?? <Dash />}
      </TableCell>
      <TableCell>
        <InviteStatusBadge status={invite.status} />
      </TableCell>
      <TableCell className="hidden max-w-56 lg:table-cell">
        {invite.usedByEmail || invite.usedBy ? (
          <div className="grid gap-0.5">
            <span className="truncate">{invite.usedByEmail ?? invite.usedBy}</span>
            {invite.usedAt ? (
              <time dateTime={invite.usedAt} className="text-xs text-muted-foreground tabular">
                {format.dateTime(invite.usedAt, { dateStyle: 'medium' })}
              </time>
            ) : null}
          </div>
        ) : (
          <Dash />
        )}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular md:table-cell">
        {invite.expiresAt ? (
          <time dateTime={invite.expiresAt}>{format.date(invite.expiresAt)}</time>
        ) : (
          <span className="text-muted-foreground">{t('invites.neverExpires')}</span>
        )}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular lg:table-cell">
        <time dateTime={invite.createdAt}>{format.date(invite.createdAt)}</time>
      </TableCell>
      <TableCell className="text-right">
        <Button
          change
          variant="ghost"
          size="icon-sm"
          className="size-7 text-muted-foreground hover:text-destructive"
          aria-label={t('invites.delete.label', { code: invite.code })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The invite codes: filter by status, search, copy and delete. */
export function InviteCodesPanel() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const term = useDebouncedValue(search.trim());
  const invites = useInvites({ search: term, status: status === 'all' ? null : status });
  const remove = useDeleteInvite();
  const [copiedCode, setCopiedCode] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const filtered = term !== '' || status !== 'all';

  const copy = async (code: string) => {
    if (await copyText(code)) {
      setCopiedCode(code);
      toast.success(t('invites.copied', { code }));
    } else toast.error(t('invites.copyFailed'));
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const code = toDelete;
    remove.mutate(code, {
      onSuccess: () => toast.success(t('invites.delete.done', { code })),
      onError: (error) =>
        toast.error(t('invites.delete.failed'), { description: errorText(error) }),
    });
  };

  const list = invites.data;
  return (
    <>
      <TableCard
        label={t('invites.tableLabel')}
        busy={invites.isFetching}
        toolbar={
          <>
            <SearchField
              label={t('invites.searchLabel')}
              placeholder={t('invites.searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
            <FilterSelect
              label={t('invites.statusFilter')}
              value={status ?? 'all'}
              onChange={(value) => setStatus(value as StatusFilter)}
            >
              <option value="all">{t('common.all')}</option>
              {INVITE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`invites.status.${value}`)}
                </option>
              ))}
            </FilterSelect>
          </>
        }
      >
        {invites.isPending ? <LoadingStatus label={t('invites.loading')} /> : null}
        <Table>
          <TableCaption>{t('invites.caption')}</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('invites.columns.code')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('invites.columns.email')}</TableHead>
              <TableHead>{t('invites.columns.status')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('invites.columns.usedBy')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('invites.columns.expires')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('invites.columns.created')}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('invites.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invites.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : invites.isError && !list ? (
              <LoadErrorRow colSpan={COLUMNS} onRetry={() => void invites.refetch()} />
            ) : !list || list.length === 0 ? (
              <EmptyRow
                colSpan={COLUMNS}
                icon={TicketX}
                title={filtered ? t('invites.emptyFiltered.title') : t('invites.empty.title')}
                description={
                  filtered ? t('invites.emptyFiltered.description') : t('invites.empty.description')
                }
              />
            ) : (
              list.map((invite) => (
                <InviteRow
                  key={invite.code}
                  invite={invite}
                  copied={copiedCode === invite.code}
                  onCopy={() => void copy(invite.code)}
                  onDelete={() => {
                    setToDelete(invite.code);
                    setOpen(true);
                  }}
                />
              ))
            )}
          </TableBody>
        </Table>
      </TableCard>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('invites.delete.title', { code: toDelete ?? '' })}
        description={t('invites.delete.description')}
        confirmLabel={t('invites.delete.confirm')}
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}
