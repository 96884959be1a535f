import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { focusFirstInvalid } from '@/web/components/ui/form-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useSetup } from '../api/mutations';
import { useInstanceStatus } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { NewAccountFields } from '../components/new-account-fields';
import { setupFormSchema, type SetupFormInput, type SetupFormValues } from '../lib/schemas';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /setup: the first account of an empty server, its administrator, created and signed in at once
 * (no email to open, so a server without a mail server can be used from its first minute). Once
 * the server has an account it leads to /login.
 */
export function SetupPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('setup.title'));
  const instance = useInstanceStatus();
  const setup = useSetup();
  const navigate = useNavigate();
  const form = useForm<SetupFormInput, unknown, SetupFormValues>({
    resolver: zodResolver(setupFormSchema),
    shouldFocusError: false,
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  // Set up already (by someone else, or in another tab): sign in instead. A successful setup
  // signs in, and the signed-out entry guard moves on to the dashboard.
  if (instance.data && !instance.data.setupRequired && !setup.isSuccess && !setup.isError) {
    return <Navigate to="/login" replace />;
  }

  const onValid = async (values: SetupFormValues) => {
    const fullName = values.fullName.trim();
    try {
      // Signed in once it resolves: the signed-out guard may move on before this page does.
      await setup.mutateAsync({
        email: values.email,
        password: values.password,
        ...(fullName ? { fullName } : {}),
      });
    } catch {
      return; // Shown by the error alert.
    }
    toast.success(t('setup.welcome'));
    void navigate('/dashboard', { replace: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    void form.handleSubmit(onValid, (invalid) => focusFirstInvalid(element, invalid))(event);
  };

  return (
    <AuthLayout width="md">
      <AuthHeading title={t('setup.heading')} description={t('setup.description')} />
      <div className="mb-5 grid gap-3">
        <Alert title={t('setup.firstTitle')}>{t('setup.firstText')}</Alert>
        {instance.isPending ? (
          <Skeleton className="h-[74px] rounded-lg" />
        ) : instance.data?.emailDelivery === false ? (
          <Alert title={t('setup.noMailTitle')}>{t('setup.noMailText')}</Alert>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <ApiErrorAlert error={setup.error} />
        {errorCodeOf(setup.error) === 'SETUP_COMPLETE' ? (
          <Link
            to="/login"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('setup.toSignIn')}
          </Link>
        ) : null}
        <NewAccountFields
          idPrefix="setup"
          register={form.register}
          errors={errors}
          password={password}
        />
        <Button type="submit" className="mt-1 w-full" disabled={setup.isPending}>
          {setup.isPending ? t('setup.submitting') : t('setup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
