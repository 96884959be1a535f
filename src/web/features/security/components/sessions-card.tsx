import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DeviceSession } from '@/contracts/auth';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { useRevokeSession } from '../api/mutations';
import { useDeviceSessions } from '../api/queries';
import { useLocale } from '@/web/lib/use-locale';
import { formatRelativeTime } from '../lib/format';
import { useNow } from '../lib/use-now';
import { ListSkeleton, LoadError, SectionCard } from './section-card';

function DeviceIcon({ device }: { device: string | null }) {
  const kind = device?.toLowerCase() ?? '';
  const Icon =
    kind.includes('mobile') || kind.includes('phone')
      ? Smartphone
      : kind.includes('tablet')
        ? Tablet
        : Monitor;
  return <Icon className="size-4" />;
}

/** Current session first, then the most recently active. */
function sortSessions(sessions: DeviceSession[]) {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return new Date(b.lastSeenAt).getTime() - new Date(a.lastSeenAt).getTime();
  });
}

function SessionRow({
  session,
  now,
  onRevoke,
  revoking,
}: {
  session: DeviceSession;
  now: Date;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('security');
  const locale = useLocale();
  const browser = session.browser ?? t('sessions.unknownBrowser');
  const name = session.os ? t('sessions.deviceName', { browser, os: session.os }) : browser;
  const details = [
    session.ip ? t('sessions.ip', { ip: session.ip }) : null,
    session.current
      ? t('sessions.activeNow')
      : t('sessions.lastActive', { when: formatRelativeTime(session.lastSeenAt, now, locale) }),
  ].filter(Boolean);
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
      >
        <DeviceIcon device={session.device} />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{name}</span>
          {session.current ? <Badge variant="success">{t('sessions.thisDevice')}</Badge> : null}
        </div>
        <span className="text-[13px] text-muted-foreground">{details.join(' · ')}</span>
      </div>
      {session.current ? null : (
        <ConfirmDialog
          destructive
          title={t('sessions.revoke.title')}
          description={t('sessions.revoke.description', { device: name })}
          confirmLabel={t('sessions.revoke.confirm')}
          onConfirm={onRevoke}
          trigger={
            <Button
              change
              variant="outline"
              size="sm"
              disabled={revoking}
              aria-label={t('sessions.revoke.label', { device: name })}
            >
              {t('sessions.revoke.button')}
            </Button>
          }
        />
      )}
    </li>
  );
}

/** The devices signed in to this account, and signing the others out. */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useDeviceSessions();
  const revoke = useRevokeSession();
  const now = useNow();
  const [error, setError] = useState<unknown>(null);

  return (
    <SectionCard id="sessions" title={t('sessions.title')} description={t('sessions.description')}>
      <div className="grid gap-4">
        <ApiErrorAlert error={error} />
        {sessions.isPending ? (
          <ListSkeleton />
        ) : sessions.isError ? (
          <LoadError onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="divide-y" aria-label={t('sessions.listLabel')}>
            {sortSessions(sessions.data).map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                now={now}
                revoking={revoke.isPending && revoke.variables === session.id}
                onRevoke={() => {
                  setError(null);
                  revoke.mutate(session.id, {
                    onSuccess: () => toast.success(t('sessions.revoke.done')),
                    onError: setError,
                  });
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
