import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_LIMITS, type Factor } from '@/contracts/auth';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { useFactors } from '@/web/lib/factors';
import { useFormatters } from '@/web/lib/preferences';
import { useClearFactors, useDeleteFactor } from '../api/mutations';
import { EnrollAuthenticator } from './enroll-authenticator';
import { ListSkeleton, LoadError, SectionCard } from './section-card';

function FactorRow({
  factor,
  busy,
  onRemove,
}: {
  factor: Factor;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('security');
  const format = useFormatters();
  const verified = factor.status === 'verified';
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
      >
        <KeyRound className="size-4" />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{factor.friendlyName}</span>
          <Badge variant={verified ? 'success' : 'warning'}>
            {verified ? t('twoFactor.verified') : t('twoFactor.unverified')}
          </Badge>
        </div>
        <span className="text-[13px] text-muted-foreground">
          {t('twoFactor.added', { date: format.date(factor.createdAt) })}
        </span>
      </div>
      <ConfirmDialog
        destructive
        title={t('twoFactor.remove.title', { name: factor.friendlyName })}
        description={t('twoFactor.remove.description')}
        confirmLabel={t('twoFactor.remove.confirm')}
        onConfirm={onRemove}
        trigger={
          <Button
            change
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={t('twoFactor.remove.label', { name: factor.friendlyName })}
            className="text-muted-foreground hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
            <span className="hidden sm:inline">{t('twoFactor.remove.button')}</span>
          </Button>
        }
      />
    </li>
  );
}

/**
 * Two-factor authentication: the user's authenticators (name, status, date added), adding one
 * (QR code, key, first code), removing one or all. Server refusals show above the list.
 */
export function TwoFactorCard() {
  const { t } = useTranslation('security');
  const factors = useFactors();
  const remove = useDeleteFactor();
  const clear = useClearFactors();
  const [adding, setAdding] = useState(false);
  const [enrollingId, setEnrollingId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [failed, setFailed] = useState<'remove' | 'clear' | null>(null);
  const busy = remove.isPending || clear.isPending;

  const list = (factors.data ?? []).filter((factor) => factor.id !== enrollingId);
  const enabled = list.some((factor) => factor.status === 'verified');
  const full = list.length >= AUTH_LIMITS.maxFactors;

  const removeFactor = (factor: Factor) => {
    setError(null);
    remove.mutate(factor.id, {
      onSuccess: () => toast.success(t('twoFactor.remove.done', { name: factor.friendlyName })),
      onError: (cause) => {
        setFailed('remove');
        setError(cause);
      },
    });
  };

  const clearAll = () => {
    setError(null);
    clear.mutate(undefined, {
      onSuccess: ({ removed }) => toast.success(t('twoFactor.clear.done', { count: removed })),
      onError: (cause) => {
        setFailed('clear');
        setError(cause);
      },
    });
  };

  return (
    <SectionCard
      id="two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
      aside={
        factors.isSuccess ? (
          <Badge variant={enabled ? 'success' : 'outline'}>
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        ) : null
      }
    >
      <div className="grid gap-4">
        <ApiErrorAlert
          error={error}
          situation={
            failed === 'remove'
              ? // Spec 000: removing one authenticator without the second step has its own text.
                {
                  fallback: t('twoFactor.remove.failed'),
                  byCode: { AAL2_REQUIRED: t('twoFactor.remove.verifyFirst') },
                }
              : undefined
          }
        />
        {factors.isPending ? (
          <ListSkeleton />
        ) : factors.isError ? (
          <LoadError onRetry={() => void factors.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">{t('twoFactor.empty')}</p>
        ) : (
          <ul className="divide-y" aria-label={t('twoFactor.listLabel')}>
            {list.map((factor) => (
              <FactorRow
                key={factor.id}
                factor={factor}
                busy={busy}
                onRemove={() => removeFactor(factor)}
              />
            ))}
          </ul>
        )}
        {adding ? (
          <EnrollAuthenticator onEnrolling={setEnrollingId} onDone={() => setAdding(false)} />
        ) : factors.isSuccess ? (
          <div className="flex flex-wrap items-center gap-2 border-t pt-4">
            <Button
              change
              size="sm"
              variant="outline"
              className="h-auto min-h-8 shrink py-1.5 text-left whitespace-normal"
              disabled={full}
              onClick={() => {
                setError(null);
                setAdding(true);
              }}
            >
              <Plus aria-hidden="true" />
              {t('twoFactor.add')}
            </Button>
            {list.length > 0 ? (
              <ConfirmDialog
                destructive
                title={t('twoFactor.clear.title')}
                description={t('twoFactor.clear.description')}
                confirmLabel={t('twoFactor.clear.confirm')}
                onConfirm={clearAll}
                trigger={
                  <Button
                    change
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    className="h-auto min-h-8 shrink py-1.5 text-left whitespace-normal text-destructive hover:bg-destructive/10 hover:text-destructive"
                  >
                    {clear.isPending ? t('twoFactor.clear.pending') : t('twoFactor.clear.button')}
                  </Button>
                }
              />
            ) : null}
            {full ? (
              <span className="text-[13px] text-muted-foreground">
                {t('twoFactor.full', { count: AUTH_LIMITS.maxFactors })}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
