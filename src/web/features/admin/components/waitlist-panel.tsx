import { Ban, Check, Inbox, Send, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type WaitlistEntry, WAITLIST_STATUSES } from '@/contracts/admin';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { type WaitlistAction, useWaitlistAction } from '../api/mutations';
import { type WaitlistParams, useWaitlist } from '../api/queries';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { EmptyRow, LoadErrorRow, LoadingStatus, SkeletonRows, TableCard } from './data-table';
import { FilterSelect, SearchField } from './list-controls';
import { WaitlistStatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

const COLUMNS = 6;
const MOTIVATION_PREVIEW = 80;
type StatusFilter = WaitlistParams['status'] | 'all';

/** Registered entries have an account already: nothing to do with them. */
const selectable = (entry: WaitlistEntry) => entry.status !== 'registered';

function Motivation({ text }: { text: string }) {
  const { t } = useTranslation('admin');
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return <span className="text-muted-foreground">—</span>;
  const long = text.length > MOTIVATION_PREVIEW;
  return (
    <div className="flex max-w-sm min-w-56 items-start gap-1">
      <p
        id={id}
        title={long && !expanded ? text : undefined}
        className={expanded ? 'whitespace-pre-wrap' : 'truncate'}
      >
        {text}
      </p>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto shrink-0 px-0 text-xs"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('waitlist.showLess') : t('waitlist.showMore')}
        </Button>
      ) : null}
    </div>
  );
}

function SelectAll({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Checkbox
      ref={ref}
      aria-label={t('waitlist.selectAll')}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

type Pending = { action: Exclude<WaitlistAction, 'restore'>; ids: string[] };

/**
 * The waitlist: select entries, invite them (a code emailed to each), approve them (to invite
 * later) or refuse them; restore refused.
 */
export function WaitlistPanel() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const term = useDebouncedValue(search.trim());
  const waitlist = useWaitlist({ search: term, status: status === 'all' ? null : status });
  const act = useWaitlistAction();
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const filtered = term !== '' || status !== 'all';

  const entries = waitlist.data ?? [];
  const candidates = entries.filter(selectable);
  // Only what is on screen counts as selected.
  const selected = candidates.filter((entry) => selection.has(entry.id)).map((entry) => entry.id);
  const allSelected = candidates.length > 0 && selected.length === candidates.length;

  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selection);
    if (checked) next.add(id);
    else next.delete(id);
    setSelection(next);
  };

  const run = (action: WaitlistAction, ids: string[]) => {
    act.mutate(
      { action, ids },
      {
        onSuccess: ({ entries: changed }) => {
          setSelection(new Set());
          toast.success(t(`waitlist.${action}.done`, { count: changed.length }));
        },
        onError: (error) =>
          toast.error(t(`waitlist.${action}.failed`), { description: errorText(error) }),
      },
    );
  };

  return (
    <>
      <TableCard
        label={t('waitlist.tableLabel')}
        busy={waitlist.isFetching}
        toolbar={
          <>
            <SearchField
              label={t('waitlist.searchLabel')}
              placeholder={t('waitlist.searchPlaceholder')}
              value={search}
              onChange={(value) => {
                setSearch(value);
                setSelection(new Set());
              }}
            />
            <FilterSelect
              label={t('waitlist.statusFilter')}
              value={status ?? 'all'}
              onChange={(value) => {
                setStatus(value as StatusFilter);
                setSelection(new Set());
              }}
            >
              <option value="all">{t('common.all')}</option>
              {WAITLIST_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`waitlist.status.${value}`)}
                </option>
              ))}
            </FilterSelect>
            <div
              role="group"
              aria-label={t('waitlist.bulkLabel')}
              className="flex w-full flex-wrap items-center gap-2 sm:w-auto"
            >
              <span className="text-[13px] text-muted-foreground tabular" aria-live="polite">
                {t('waitlist.selected', { count: selected.length })}
              </span>
              <Button
                change
                size="sm"
                disabled={selected.length === 0 || act.isPending}
                onClick={() => {
                  setPending({ action: 'invite', ids: selected });
                  setOpen(true);
                }}
              >
                <Send aria-hidden="true" />
                {t('waitlist.invite.button')}
              </Button>
              <Button
                change
                size="sm"
                variant="outline"
                disabled={selected.length === 0 || act.isPending}
                onClick={() => {
                  setPending({ action: 'approve', ids: selected });
                  setOpen(true);
                }}
              >
                <Check aria-hidden="true" />
                {t('waitlist.approve.button')}
              </Button>
              <Button
                change
                size="sm"
                variant="outline"
                disabled={selected.length === 0 || act.isPending}
                onClick={() => {
                  setPending({ action: 'refuse', ids: selected });
                  setOpen(true);
                }}
              >
                <Ban aria-hidden="true" />
                {t('waitlist.refuse.button')}
              </Button>
            </div>
          </>
        }
      >
        {waitlist.isPending ? <LoadingStatus label={t('waitlist.loading')} /> : null}
        <Table>
          <TableCaption>{t('waitlist.caption')}</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-10">
                <SelectAll
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  disabled={candidates.length === 0}
                  onChange={(checked) =>
                    setSelection(new Set(checked ? candidates.map((entry) => entry.id) : []))
                  }
                />
              </TableHead>
              <TableHead>{t('waitlist.columns.person')}</TableHead>
              <TableHead className="hidden md:table-cell">
                {t('waitlist.columns.motivation')}
              </TableHead>
              <TableHead>{t('waitlist.columns.status')}</TableHead>
              <TableHead className="hidden lg:table-cell">
                {t('waitlist.columns.created')}
              </TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('waitlist.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {waitlist.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : waitlist.isError && !waitlist.data ? (
              <LoadErrorRow colSpan={COLUMNS} onRetry={() => void waitlist.refetch()} />
            ) : entries.length === 0 ? (
              <EmptyRow
                colSpan={COLUMNS}
                icon={Inbox}
                title={filtered ? t('waitlist.emptyFiltered.title') : t('waitlist.empty.title')}
                description={
                  filtered
                    ? t('waitlist.emptyFiltered.description')
                    : t('waitlist.empty.description')
                }
              />
            ) : (
              entries.map((entry) => {
                const isSelected = selection.has(entry.id) && selectable(entry);
                return (
                  <TableRow key={entry.id} data-state={isSelected ? 'selected' : undefined}>
                    <TableCell>
                      <Checkbox
                        aria-label={t('waitlist.select', { email: entry.email })}
                        checked={isSelected}
                        disabled={!selectable(entry)}
                        onChange={(event) => toggle(entry.id, event.target.checked)}
                      />
                    </TableCell>
                    <TableCell className="max-w-64">
                      <div className="truncate font-medium">{entry.email}</div>
                      <div className="truncate text-[13px] text-muted-foreground">
                        {entry.fullName}
                      </div>
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      <Motivation text={entry.motivation} />
                    </TableCell>
                    <TableCell>
                      <div className="grid justify-items-start gap-0.5">
                        <WaitlistStatusBadge status={entry.status} />
                        {entry.inviteCode ? (
                          <code className="font-mono text-xs text-muted-foreground">
                            {entry.inviteCode}
                          </code>
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap tabular lg:table-cell">
                      <time dateTime={entry.createdAt}>{format.date(entry.createdAt)}</time>
                    </TableCell>
                    <TableCell className="text-right">
                      {entry.status === 'refused' ? (
                        <Button
                          change
                          size="sm"
                          variant="ghost"
                          className="h-7"
                          disabled={act.isPending}
                          aria-label={t('waitlist.restore.label', { email: entry.email })}
                          onClick={() => run('restore', [entry.id])}
                        >
                          <Undo2 aria-hidden="true" />
                          {t('waitlist.restore.button')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableCard>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={pending ? t(`waitlist.${pending.action}.title`, { count: pending.ids.length }) : ''}
        description={pending ? t(`waitlist.${pending.action}.description`) : ''}
        confirmLabel={pending ? t(`waitlist.${pending.action}.confirm`) : ''}
        destructive={pending?.action === 'refuse'}
        onConfirm={() => {
          if (pending) run(pending.action, pending.ids);
        }}
      />
    </>
  );
}
