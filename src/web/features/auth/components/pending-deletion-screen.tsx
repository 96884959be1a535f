import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { api } from '@/web/lib/api-client';
import { i18n } from '@/web/lib/i18n';
import { useFormatters } from '@/web/lib/preferences';
import { sessionKeys, useSignOut } from '@/web/lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { AuthHeading, AuthLayout } from './auth-layout';

/** POST /account/restore: the deletion is cancelled; the session is read again (the app opens). */
function useRestoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/account/restore', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/**
 * The only screen of an account waiting for its deletion (issue 17): the date, "Keep my
 * account" (cancels the deletion and opens the app) and "Sign out". Every other API route
 * answers 403 ACCOUNT_PENDING_DELETION meanwhile.
 */
export function PendingDeletionScreen({ scheduledFor }: { scheduledFor: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('pendingDeletion.title'));
  const format = useFormatters();
  const navigate = useNavigate();
  const restore = useRestoreAccount();
  const signOut = useSignOut();
  const busy = restore.isPending || signOut.isPending;
  return (
    <AuthLayout>
      <AuthHeading
        icon={<CalendarClock />}
        tone="danger"
        title={t('pendingDeletion.title')}
        description={t('pendingDeletion.text', { date: format.dateTime(scheduledFor) })}
      />
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('pendingDeletion.keepHint')}</p>
        <ApiErrorAlert
          error={restore.error}
          situation={{ fallback: t('pendingDeletion.failed') }}
        />
        <Button
          className="w-full"
          disabled={busy}
          onClick={() =>
            restore.mutate(undefined, {
              onSuccess: () => toast.success(i18n.t('auth:pendingDeletion.kept')),
            })
          }
        >
          {restore.isPending ? t('pendingDeletion.keeping') : t('pendingDeletion.keep')}
        </Button>
        <Button
          variant="ghost"
          className="w-full text-muted-foreground"
          disabled={busy}
          onClick={() =>
            signOut.mutate(undefined, {
              onSettled: () => void navigate('/login', { replace: true }),
            })
          }
        >
          {signOut.isPending ? t('pendingDeletion.signingOut') : t('pendingDeletion.signOut')}
        </Button>
      </div>
    </AuthLayout>
  );
}
