import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert, errorCodeOf, useErrorText } from '@/web/components/ui/api-error-alert';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { sessionKeys, useResendConfirmation, useSession } from '@/web/lib/session';
import { useEmailConfirmation } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { LinkProblem, ProcessingCard } from '../components/link-problem';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/safe-next';
import { useDocumentTitle } from '../lib/use-document-title';
import { useUrlToken } from '@/web/lib/use-url-token';

/** A signed-in user can ask for a new link; a signed-out one signs in first. */
function NextSteps() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const resend = useResendConfirmation();
  if (!session.data) {
    return (
      <Link to="/login" className={buttonVariants({ className: 'w-full' })}>
        {t('confirm.signIn')}
      </Link>
    );
  }
  if (resend.isSuccess) {
    return (
      <Alert role="status" tone="success" title={t('confirm.resent')}>
        {t('confirm.resentHint', { email: session.data.user.email })}
      </Alert>
    );
  }
  return (
    <>
      <ApiErrorAlert error={resend.error} />
      <Button className="w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? t('confirm.resending') : t('confirm.resend')}
      </Button>
      <Link
        to={DEFAULT_AFTER_SIGN_IN}
        className={buttonVariants({ variant: 'ghost', className: 'w-full' })}
      >
        {t('confirm.toDashboard')}
      </Link>
    </>
  );
}

/**
 * /auth/confirm-email?token=…: confirms the address, then says so (or why it could not). The
 * token leaves the address bar as soon as it is read.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  useDocumentTitle(t('auth:confirm.title'));
  const token = useUrlToken();
  const confirmation = useEmailConfirmation(token);
  const queryClient = useQueryClient();
  const confirmed = confirmation.isSuccess;

  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [confirmed, queryClient]);

  let content;
  if (token && confirmation.isPending) {
    content = <ProcessingCard label={t('auth:confirm.checking')} />;
  } else if (confirmed) {
    content = (
      <div role="status" className="grid gap-1">
        <AuthHeading
          tone="success"
          icon={<CheckCircle2 />}
          title={t('auth:confirm.confirmedTitle')}
          description={t('auth:confirm.confirmedDescription')}
        />
        <Link to={DEFAULT_AFTER_SIGN_IN} className={buttonVariants({ className: 'w-full' })}>
          {t('auth:confirm.toDashboard')}
        </Link>
      </div>
    );
  } else {
    const code = errorCodeOf(confirmation.error);
    const message =
      !token || code === 'CONFIRMATION_LINK_INVALID' || code === 'VALIDATION_ERROR'
        ? t('errors:CONFIRMATION_LINK_INVALID')
        : errorText(confirmation.error);
    content = (
      <LinkProblem title={t('auth:confirm.invalidTitle')} message={message}>
        <NextSteps />
      </LinkProblem>
    );
  }

  return <AuthLayout>{content}</AuthLayout>;
}
