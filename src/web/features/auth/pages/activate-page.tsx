import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { errorCodeOf, useErrorText } from '@/web/components/ui/api-error-alert';
import { useUrlToken } from '@/web/lib/use-url-token';
import { useAccountActivation } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { LinkProblem, ProcessingCard } from '../components/link-problem';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /auth/activate?token=…: opens the emailed activation link, which creates the account, then
 * sends the user to sign in with their password (the link alone never signs in). The token leaves
 * the address bar as soon as it is read.
 */
export function ActivatePage() {
  const { t } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  useDocumentTitle(t('auth:activate.title'));
  const token = useUrlToken();
  const activation = useAccountActivation(token);

  let content;
  if (token && activation.isPending) {
    content = <ProcessingCard label={t('auth:activate.checking')} />;
  } else if (activation.isSuccess) {
    const { email } = activation.data;
    content = (
      <div role="status" className="grid gap-1">
        <AuthHeading
          tone="success"
          icon={<CheckCircle2 />}
          title={t('auth:activate.doneTitle')}
          description={t('auth:activate.doneDescription', { email })}
        />
        <Link
          to="/login"
          state={{ email, activated: true }}
          className={buttonVariants({ className: 'w-full' })}
        >
          {t('auth:activate.signIn')}
        </Link>
      </div>
    );
  } else {
    const code = errorCodeOf(activation.error);
    const used = code === 'ACTIVATION_LINK_USED';
    const message =
      !token || code === 'VALIDATION_ERROR' || code === 'ACTIVATION_LINK_INVALID'
        ? t('errors:ACTIVATION_LINK_INVALID')
        : errorText(activation.error);
    content = (
      <LinkProblem title={t('auth:activate.problemTitle')} message={message}>
        <Link
          to={used ? '/login' : '/register'}
          className={buttonVariants({ className: 'w-full' })}
        >
          {used ? t('auth:activate.signIn') : t('auth:activate.registerAgain')}
        </Link>
      </LinkProblem>
    );
  }

  return <AuthLayout>{content}</AuthLayout>;
}
