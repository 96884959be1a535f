import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApiKey } from '@/contracts/api-keys';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useFormatters } from '@/web/lib/preferences';
import { formatRelativeTime, useNow } from '@/web/lib/relative-time';
import { useLocale } from '@/web/lib/use-locale';
import { useRevokeApiKey } from '../api/api-keys-mutations';

/**
 * A key's last day (YYYY-MM-DD, UTC) as a date: read at noon UTC so it is the same calendar day
 * in every time zone the user may show dates in.
 */
const expiryDay = (day: string) => `${day}T12:00:00Z`;

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('apiKeys');
  return (
    <span className="flex flex-wrap gap-1">
      {apiKey.scopes.map((scope) => (
        <Badge key={scope} variant={scope === 'write' ? 'warning' : 'secondary'}>
          {t(`scopes.${scope}`)}
        </Badge>
      ))}
    </span>
  );
}

/** 'Expired' as a badge (words, not only a colour), a date, or 'Never'. */
function Expiry({ apiKey, long = false }: { apiKey: ApiKey; long?: boolean }) {
  const { t } = useTranslation('apiKeys');
  const format = useFormatters();
  if (apiKey.expired) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge variant="destructive">{t('list.expired')}</Badge>
        {apiKey.expiresAt ? (
          <span className="text-muted-foreground">{format.date(expiryDay(apiKey.expiresAt))}</span>
        ) : null}
      </span>
    );
  }
  if (!apiKey.expiresAt)
    return (
      <span className="text-muted-foreground">
        {long ? t('list.doesNotExpire') : t('list.noExpiry')}
      </span>
    );
  const date = format.date(expiryDay(apiKey.expiresAt));
  return <span>{long ? t('list.expiresOn', { date }) : date}</span>;
}

/** When and from where a key was last used, or 'Never used'. */
function LastUsed({ apiKey, now, long = false }: { apiKey: ApiKey; now: Date; long?: boolean }) {
  const { t } = useTranslation('apiKeys');
  const format = useFormatters();
  const locale = useLocale();
  if (!apiKey.lastUsedAt)
    return <span className="text-muted-foreground">{t('list.neverUsed')}</span>;
  const when = formatRelativeTime(apiKey.lastUsedAt, now, locale);
  return (
    <span>
      <time dateTime={apiKey.lastUsedAt} title={format.dateTime(apiKey.lastUsedAt)}>
        {long ? t('list.lastUsedOn', { when }) : when}
      </time>
      {apiKey.lastUsedIp ? (
        <span className="block text-muted-foreground">
          {t('list.fromIp', { ip: apiKey.lastUsedIp })}
        </span>
      ) : null}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Button
      change
      variant="outline"
      size="sm"
      className="text-destructive hover:text-destructive"
      aria-label={t('revoke.label', { name: apiKey.name })}
      onClick={() => onRevoke(apiKey)}
    >
      {t('revoke.button')}
    </Button>
  );
}

/** The confirmation that names the key; the key leaves the list once the server agrees. */
function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const errorText = useErrorText();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('revoke.title', { name: apiKey.name })}
      description={t('revoke.description')}
      confirmLabel={t('revoke.confirm')}
      destructive
      onConfirm={() =>
        // The dialog closes at once; a promise (unlike mutate() callbacks) outlives it.
        revoke.mutateAsync(apiKey).then(
          () => toast.success(t('revoke.done', { name: apiKey.name })),
          (error: unknown) =>
            toast.error(t('revoke.failed', { name: apiKey.name }), {
              description: errorText(error),
            }),
        )
      }
    />
  );
}

/**
 * The keys: a table from 768 px (name and creation date, key prefix, access, last use, expiry,
 * revoke), stacked cards on phones. Revoking asks first, naming the key.
 */
export function ApiKeyList({ apiKeys }: { apiKeys: ApiKey[] }) {
  const { t } = useTranslation('apiKeys');
  const format = useFormatters();
  const now = useNow();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <>
      <TableContainer className="hidden rounded-lg border md:block">
        <Table>
          <TableCaption>{t('list.caption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('list.columns.name')}</TableHead>
              <TableHead>{t('list.columns.key')}</TableHead>
              <TableHead>{t('list.columns.access')}</TableHead>
              <TableHead>{t('list.columns.lastUsed')}</TableHead>
              <TableHead>{t('list.columns.expires')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('list.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {apiKeys.map((apiKey) => (
              <TableRow key={apiKey.id} data-testid="api-key-row">
                <TableCell className="min-w-36">
                  <span className="block font-medium break-words">{apiKey.name}</span>
                  <span className="block text-muted-foreground">
                    {t('list.createdOn', { date: format.date(apiKey.createdAt) })}
                  </span>
                </TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {apiKey.prefix}…
                </TableCell>
                <TableCell>
                  <Scopes apiKey={apiKey} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <LastUsed apiKey={apiKey} now={now} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Expiry apiKey={apiKey} />
                </TableCell>
                <TableCell className="text-right">
                  <RevokeButton apiKey={apiKey} onRevoke={setRevoking} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <ul className="grid gap-3 md:hidden" aria-label={t('list.caption')}>
        {apiKeys.map((apiKey) => (
          <li key={apiKey.id} className="grid gap-2 rounded-lg border p-3 text-[13px]">
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0 gap-1">
                <p className="text-sm font-medium break-words">{apiKey.name}</p>
                <p className="font-mono text-xs text-muted-foreground">{apiKey.prefix}…</p>
              </div>
              <RevokeButton apiKey={apiKey} onRevoke={setRevoking} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Scopes apiKey={apiKey} />
              <Expiry apiKey={apiKey} long />
            </div>
            <p className="text-muted-foreground">
              {t('list.createdOn', { date: format.date(apiKey.createdAt) })}
            </p>
            <LastUsed apiKey={apiKey} now={now} long />
          </li>
        ))}
      </ul>

      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

/** Rows shaped like the list while it loads. */
export function ApiKeyListSkeleton() {
  const { t } = useTranslation('apiKeys');
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="hidden overflow-hidden rounded-lg border md:block">
        <div className="flex gap-6 border-b px-3 py-3">
          {[20, 16, 14, 16, 20, 14].map((width, index) => (
            <Skeleton key={index} className="h-3" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-6 border-b px-3 py-3 last:border-b-0">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-5 w-12 rounded-full" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-16" />
            <Skeleton className="ml-auto h-8 w-20" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-3 md:hidden">
        {[0, 1].map((row) => (
          <div key={row} className="grid gap-2 rounded-lg border p-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-28 rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
