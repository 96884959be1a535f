import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useSetBetaMode } from '../api/mutations';
import { useBetaMode } from '../api/queries';
import { LoadError } from './data-table';
import { StatusBadge } from './status-badge';

/** Beta mode on or off (registration then needs an invite code and the waitlist opens). */
export function BetaModeCard() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const beta = useBetaMode();
  const setBeta = useSetBetaMode();
  const [next, setNext] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const enabled = beta.data?.enabled ?? false;

  const confirm = () => {
    if (next === null) return;
    setBeta.mutate(next, {
      onSuccess: ({ enabled: now }) => toast.success(t(now ? 'beta.turnedOn' : 'beta.turnedOff')),
      onError: (error) => toast.error(t('beta.toggleFailed'), { description: errorText(error) }),
    });
  };

  return (
    <Card>
      <section
        aria-labelledby="beta-mode-title"
        className="flex flex-wrap items-center gap-4 px-4 py-3.5"
      >
        <div
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
        >
          <FlaskConical className="size-4" />
        </div>
        <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="beta-mode-title" className="text-[15px] font-semibold">
              {t('beta.title')}
            </h2>
            {beta.isSuccess ? (
              enabled ? (
                <StatusBadge tone="success" icon={FlaskConical} label={t('beta.on')} />
              ) : (
                <StatusBadge tone="outline" icon={FlaskConical} label={t('beta.off')} />
              )
            ) : null}
          </div>
          <p className="text-[13px] text-muted-foreground">{t('beta.description')}</p>
        </div>
        {beta.isPending ? (
          <Skeleton className="h-5 w-9 rounded-full" />
        ) : beta.isError ? (
          <LoadError onRetry={() => void beta.refetch()} />
        ) : (
          <Switch
            change
            aria-label={t('beta.title')}
            checked={enabled}
            disabled={setBeta.isPending}
            onCheckedChange={(checked) => {
              setNext(checked);
              setOpen(true);
            }}
          />
        )}
      </section>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t(next ? 'beta.confirm.onTitle' : 'beta.confirm.offTitle')}
        description={t(next ? 'beta.confirm.onDescription' : 'beta.confirm.offDescription')}
        confirmLabel={t(next ? 'beta.confirm.on' : 'beta.confirm.off')}
        destructive={next === false}
        onConfirm={confirm}
      />
    </Card>
  );
}
