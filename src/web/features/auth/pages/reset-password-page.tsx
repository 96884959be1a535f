import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { useResetPassword } from '../api/mutations';
import { useResetLinkCheck } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { LinkProblem, ProcessingCard } from '../components/link-problem';
import { PasswordStrength } from '../components/password-strength';
import { passwordPairSchema } from '../lib/schemas';
import { DEFAULT_AFTER_SIGN_IN } from '../lib/safe-next';
import { useDocumentTitle } from '../lib/use-document-title';
import { useUrlToken } from '@/web/lib/use-url-token';

type ResetForm = z.input<typeof passwordPairSchema>;
type ResetValues = z.output<typeof passwordPairSchema>;

const LINK_CODES = [
  'RECOVERY_LINK_INVALID',
  'RECOVERY_LINK_EXPIRED',
  'RECOVERY_LINK_USED',
] as const;
type LinkCode = (typeof LINK_CODES)[number];

function linkCodeOf(error: unknown): LinkCode | null {
  const code = errorCodeOf(error);
  return LINK_CODES.find((linkCode) => linkCode === code) ?? null;
}

function BadLink({ code }: { code: LinkCode }) {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <LinkProblem title={t('auth:reset.invalidTitle')} message={t(`errors:${code}`)}>
      <Link to="/forgot-password" className={buttonVariants({ className: 'w-full' })}>
        {t('auth:reset.requestNew')}
      </Link>
      <Link to="/login" className={buttonVariants({ variant: 'ghost', className: 'w-full' })}>
        {t('auth:reset.back')}
      </Link>
    </LinkProblem>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const linkCode = linkCodeOf(reset.error);
  if (linkCode) return <BadLink code={linkCode} />;

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast.success(t('reset.success'));
          void navigate(DEFAULT_AFTER_SIGN_IN, { replace: true });
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title={t('reset.heading')} description={t('reset.description')} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <ApiErrorAlert error={reset.error} />
        <FormField
          id="reset-password"
          label={t('fields.newPassword')}
          description={t('passwordHint')}
          error={validationText(errors.password?.message)}
          below={<PasswordStrength password={password} />}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              showLabel={t('fields.showPassword')}
              hideLabel={t('fields.hidePassword')}
              {...form.register('password')}
            />
          )}
        </FormField>
        <FormField
          id="reset-confirm"
          label={t('fields.confirmPassword')}
          error={validationText(errors.confirmPassword?.message)}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              showLabel={t('fields.showPassword')}
              hideLabel={t('fields.hidePassword')}
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <Button type="submit" className="mt-1 w-full" disabled={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </>
  );
}

/**
 * /auth/reset-password?token=…: checks the recovery link, then asks for a new password. Success
 * signs the user in (the two-factor step follows if they have an authenticator). The token leaves
 * the address bar as soon as it is read.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const token = useUrlToken();
  const check = useResetLinkCheck(token);

  let content;
  if (!token) content = <BadLink code="RECOVERY_LINK_INVALID" />;
  else if (check.isPending) content = <ProcessingCard label={t('reset.checking')} />;
  else if (check.isError) {
    const code = linkCodeOf(check.error);
    content = code ? (
      <BadLink code={code} />
    ) : (
      <div className="grid gap-4">
        <AuthHeading title={t('reset.heading')} />
        <ApiErrorAlert error={check.error}>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void check.refetch()}>
            {t('reset.retry')}
          </Button>
        </ApiErrorAlert>
      </div>
    );
  } else content = <NewPasswordForm token={token} />;

  return <AuthLayout>{content}</AuthLayout>;
}
