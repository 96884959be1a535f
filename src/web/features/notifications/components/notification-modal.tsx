import {
  BellOff,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  CircleX,
  Info,
  MailCheck,
  MailOpen,
  MoreHorizontal,
  ShieldCheck,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  type Notification,
  NOTIFICATION_AUTO_READ_DELAY_MS,
  NOTIFICATION_TABS,
  type NotificationTab,
  type NotificationType,
  NOTIFICATIONS_PER_PAGE,
} from '@/contracts/notifications';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuReadOnlyNote,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/cn';
import { formatDateTime } from '@/web/lib/format';
import { formatRelativeTime, useNow } from '@/web/lib/relative-time';
import { useLocale } from '@/web/lib/use-locale';
import { useNotificationMutations } from '../api/mutations';
import { useNotificationPage, useNotificationSummary } from '../api/queries';
import { useNotificationText } from '../lib/texts';

const TYPE_ICON: Record<NotificationType, { icon: typeof Info; className: string }> = {
  info: { icon: Info, className: 'text-primary' },
  success: { icon: CircleCheck, className: 'text-gain' },
  warning: { icon: TriangleAlert, className: 'text-warning' },
  error: { icon: CircleX, className: 'text-destructive' },
  system: { icon: ShieldCheck, className: 'text-muted-foreground' },
};

/** The page numbers to show: all up to 7 pages, else the first, the last and those around. */
export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i);
  const shown = new Set([0, pages - 1, page - 1, page, page + 1]);
  const sorted = [...shown].filter((p) => p >= 0 && p < pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) out.push('gap');
    out.push(value);
  }
  return out;
}

function StatusCell({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const { icon: Icon, className } = TYPE_ICON[notification.type];
  return (
    <span className="relative inline-flex size-8 items-center justify-center rounded-full bg-muted">
      <Icon aria-hidden="true" className={cn('size-4', className)} />
      <span className="sr-only">{t(`types.${notification.type}`)}</span>
      {notification.isRead ? null : (
        <span
          data-testid="unread-dot"
          className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-primary ring-2 ring-card"
        >
          <span className="sr-only">{t('unreadDot')}</span>
        </span>
      )}
    </span>
  );
}

function SignInDetails({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const meta = notification.metadata;
  if (notification.type !== 'system' || meta.key !== 'login') return null;
  const value = (v: unknown) => (typeof v === 'string' && v ? v : t('signIn.unknown'));
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
      <span>{t('signIn.ip', { value: value(meta.ipAddress) })}</span>
      <span>{t('signIn.browser', { value: value(meta.browser) })}</span>
      <span>{t('signIn.os', { value: value(meta.os) })}</span>
    </p>
  );
}

/** A link to what the notification is about (`metadata.path`, a path of this app), if any. */
function NotificationLink({
  notification,
  title,
  onOpen,
}: {
  notification: Notification;
  title: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('notifications');
  const path = notification.metadata.path;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  return (
    <Link
      to={path}
      onClick={onOpen}
      aria-label={t('openLabel', { title, interpolation: { escapeValue: false } })}
      className="mt-1 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('open')}
    </Link>
  );
}

function RowActions({
  notification,
  title,
  onRead,
  onDelete,
}: {
  notification: Notification;
  title: string;
  onRead: (isRead: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('actions.rowMenu', { title, interpolation: { escapeValue: false } })}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuReadOnlyNote />
        {notification.isRead ? (
          <DropdownMenuItem change onSelect={() => onRead(false)}>
            <MailOpen aria-hidden="true" />
            {t('actions.markUnread')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem change onSelect={() => onRead(true)}>
            <MailCheck aria-hidden="true" />
            {t('actions.markRead')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          change
          onSelect={onDelete}
          className="text-destructive focus:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function LoadingRows() {
  const { t } = useTranslation('notifications');
  return (
    <div role="status" aria-label={t('loading')} className="divide-y" data-testid="loading">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-start gap-3 py-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-5/6" />
          </div>
          <Skeleton className="h-3 w-16" />
        </div>
      ))}
    </div>
  );
}

export type NotificationModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Realtime is on (the app's socket keeps the list live): opening with unread items marks them
   * all read after 100 ms (spec 002, section 4).
   */
  realtime: boolean;
};

/** The notification modal of spec 002, section 2. */
export function NotificationModal({ open, onOpenChange, realtime }: NotificationModalProps) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const now = useNow();
  const text = useNotificationText();
  const [tab, setTab] = useState<NotificationTab>('all');
  const [requestedPage, setPage] = useState(0);
  const [confirm, setConfirm] = useState<'read' | 'all' | null>(null);
  const summary = useNotificationSummary(open);
  // A deletion can leave the page past the last one: the tab's count says where the last is.
  const tabCount = summary.data?.counts[tab];
  const lastPage =
    tabCount === undefined
      ? Infinity
      : Math.max(0, Math.ceil(tabCount / NOTIFICATIONS_PER_PAGE) - 1);
  const page = Math.min(requestedPage, lastPage);
  const list = useNotificationPage(tab, page, open);
  const { setRead, markAllRead, remove, removeMany } = useNotificationMutations();
  const failed = () => toast.error(t('failed'));

  // Opening with unread items marks them read after 100 ms, once per opening.
  const autoRead = useRef(false);
  const unread = summary.data?.unread ?? 0;
  const { mutate: markAll } = markAllRead;
  useEffect(() => {
    if (!open) {
      autoRead.current = false;
      return;
    }
    if (!realtime || autoRead.current || unread === 0) return;
    autoRead.current = true;
    const timer = setTimeout(() => markAll(), NOTIFICATION_AUTO_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, realtime, unread, markAll]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));

  const rows = list.data?.notifications ?? [];
  const from = total === 0 ? 0 : page * NOTIFICATIONS_PER_PAGE + 1;
  const to = Math.min(total, page * NOTIFICATIONS_PER_PAGE + rows.length);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        // One column that may shrink below its content (long tab rows scroll inside it at 390 px).
        className="max-w-3xl grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:p-5"
        data-testid="notification-modal"
      >
        <DialogHeader className="flex flex-row items-start justify-between gap-3 pr-10">
          <div className="grid min-w-0 gap-1">
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription className="text-xs">{t('description')}</DialogDescription>
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" className="shrink-0">
                {t('actions.menu')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuReadOnlyNote />
              <DropdownMenuItem
                change
                disabled={unread === 0}
                onSelect={() => markAllRead.mutate(undefined, { onError: failed })}
              >
                <MailCheck aria-hidden="true" />
                {t('actions.markAllRead')}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem change onSelect={() => setConfirm('read')}>
                <Trash2 aria-hidden="true" />
                {t('actions.deleteRead')}
              </DropdownMenuItem>
              <DropdownMenuItem
                change
                onSelect={() => setConfirm('all')}
                className="text-destructive focus:text-destructive"
              >
                <Trash2 aria-hidden="true" />
                {t('actions.deleteAll')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </DialogHeader>

        <Tabs
          value={tab}
          onValueChange={(value) => {
            setTab(value as NotificationTab);
            setPage(0);
          }}
        >
          <TabsList aria-label={t('tabs.label')} className="w-full justify-start">
            {NOTIFICATION_TABS.map((name) => (
              <TabsTrigger key={name} value={name} className="px-2.5">
                {t(`tabs.${name}`)}
                <span
                  data-testid={`tab-count-${name}`}
                  className="tabular rounded-full bg-muted-foreground/15 px-1.5 text-[11px] leading-4 font-semibold"
                >
                  {summary.data?.counts[name] ?? 0}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Only the selected tab's panel is rendered (Radix mounts the active one). */}
          {NOTIFICATION_TABS.map((name) => (
            <TabsContent
              key={name}
              value={name}
              className="mt-3 max-h-[min(62dvh,40rem)] min-h-64 overflow-y-auto rounded-md"
            >
              {list.isError ? (
                <ApiErrorAlert error={list.error} situation={{ fallback: t('error') }}>
                  <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                    {t('retry')}
                  </Button>
                </ApiErrorAlert>
              ) : list.isPending ? (
                <LoadingRows />
              ) : rows.length === 0 ? (
                <div className="flex flex-col items-center justify-center gap-2 py-14 text-center">
                  <span className="flex size-11 items-center justify-center rounded-full bg-muted">
                    <BellOff aria-hidden="true" className="size-5 text-muted-foreground" />
                  </span>
                  <p className="text-sm font-medium">{t(`empty.${tab}`)}</p>
                  <p className="text-xs text-muted-foreground">{t('empty.text')}</p>
                </div>
              ) : (
                <table className="w-full border-separate border-spacing-0 text-[13px]">
                  <caption className="sr-only">{t('title')}</caption>
                  <thead className="sr-only sm:not-sr-only">
                    <tr className="text-left text-xs text-muted-foreground">
                      <th scope="col" className="w-12 border-b pb-2 font-medium">
                        <span className="sr-only">{t('columns.status')}</span>
                      </th>
                      <th scope="col" className="border-b pb-2 font-medium">
                        {t('columns.notification')}
                      </th>
                      <th
                        scope="col"
                        className="hidden w-32 border-b pb-2 font-medium sm:table-cell"
                      >
                        {t('columns.time')}
                      </th>
                      <th scope="col" className="w-10 border-b pb-2">
                        <span className="sr-only">{t('columns.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((notification) => {
                      const shown = text(notification);
                      const time = formatRelativeTime(notification.createdAt, now, locale);
                      const fullTime = formatDateTime(notification.createdAt, locale);
                      return (
                        <tr
                          key={notification.id}
                          data-testid="notification-row"
                          data-unread={notification.isRead ? undefined : 'true'}
                          className={cn('align-top', !notification.isRead && 'bg-primary/[0.04]')}
                        >
                          <td className="border-b py-3 pr-3 pl-1">
                            <StatusCell notification={notification} />
                          </td>
                          <td className="border-b py-3 pr-2">
                            <p
                              className={cn(
                                'leading-snug',
                                notification.isRead ? 'font-medium' : 'font-semibold',
                              )}
                            >
                              {shown.title}
                            </p>
                            <p className="mt-0.5 line-clamp-2 text-muted-foreground">
                              {shown.message}
                            </p>
                            <SignInDetails notification={notification} />
                            <NotificationLink
                              notification={notification}
                              title={shown.title}
                              onOpen={() => onOpenChange(false)}
                            />
                            <p className="mt-1 text-xs text-muted-foreground sm:hidden">
                              <time dateTime={notification.createdAt} title={fullTime}>
                                {time}
                              </time>
                            </p>
                          </td>
                          <td className="hidden border-b py-3 pr-2 text-xs whitespace-nowrap text-muted-foreground sm:table-cell">
                            <time dateTime={notification.createdAt} title={fullTime}>
                              {time}
                            </time>
                          </td>
                          <td className="border-b py-2 text-right">
                            <RowActions
                              notification={notification}
                              title={shown.title}
                              onRead={(isRead) =>
                                setRead.mutate({ id: notification.id, isRead }, { onError: failed })
                              }
                              onDelete={() => remove.mutate(notification.id, { onError: failed })}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </TabsContent>
          ))}
        </Tabs>

        {total > 0 ? (
          <nav
            aria-label={t('pagination.label')}
            className="flex flex-col items-center justify-between gap-2 sm:flex-row"
          >
            <p className="text-xs text-muted-foreground tabular" data-testid="range">
              {t('pagination.range', { from, to, total })}
            </p>
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0}
                onClick={() => setPage(Math.max(0, page - 1))}
              >
                <ChevronLeft aria-hidden="true" />
                {t('pagination.previous')}
              </Button>
              {pageNumbers(page, pages).map((p, index) =>
                p === 'gap' ? (
                  <span
                    key={`gap-${index}`}
                    aria-hidden="true"
                    className="px-1 text-muted-foreground"
                  >
                    …
                  </span>
                ) : (
                  <Button
                    key={p}
                    variant={p === page ? 'default' : 'ghost'}
                    size="icon-sm"
                    aria-label={t('pagination.page', { page: p + 1 })}
                    aria-current={p === page ? 'page' : undefined}
                    onClick={() => setPage(p)}
                  >
                    {p + 1}
                  </Button>
                ),
              )}
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages - 1}
                onClick={() => setPage(Math.min(pages - 1, page + 1))}
              >
                {t('pagination.next')}
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        ) : null}

        <AlertDialog open={confirm !== null} onOpenChange={(next) => !next && setConfirm(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {t(confirm === 'all' ? 'confirm.deleteAllTitle' : 'confirm.deleteReadTitle')}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {t(confirm === 'all' ? 'confirm.deleteAllText' : 'confirm.deleteReadText')}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('confirm.cancel')}</AlertDialogCancel>
              <AlertDialogAction
                destructive
                onClick={() => {
                  if (confirm) removeMany.mutate(confirm, { onError: failed });
                  setPage(0);
                }}
              >
                {t('confirm.confirm')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}
