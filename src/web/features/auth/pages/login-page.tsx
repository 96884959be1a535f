import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginBodySchema } from '@/contracts/auth';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { PasswordInput } from '@/web/components/ui/password-input';
import { useLogin } from '../api/mutations';
import { useInstanceStatus } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { safeNextPath } from '../lib/safe-next';
import { useDocumentTitle } from '../lib/use-document-title';

type LoginForm = z.input<typeof loginBodySchema>;
type LoginValues = z.output<typeof loginBodySchema>;

/** What the activation and check-your-email screens pass along (never in the URL). */
function arrivalOf(state: unknown): { email: string; activated: boolean } {
  const value = (state ?? {}) as { email?: unknown; activated?: unknown };
  return {
    email: typeof value.email === 'string' ? value.email : '',
    activated: value.activated === true,
  };
}

/**
 * /login: e-mail and password, "Remember me", then the dashboard (or a same-site ?next=). Coming
 * from an activation link, the e-mail is filled in and a note says the account is active.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const validationText = useValidationText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const arrival = arrivalOf(useLocation().state);
  const form = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: arrival.email, password: '', remember: false },
  });
  const { errors } = form.formState;
  const instance = useInstanceStatus();

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: () => void navigate(safeNextPath(searchParams.get('next')), { replace: true }),
      onError: () => form.setFocus('password'),
    });
  });

  // A server without any account first needs its administrator.
  if (instance.data?.setupRequired) return <Navigate to="/setup" replace />;

  return (
    <AuthLayout
      after={
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{
            action: (
              <Link
                to="/register"
                className="font-medium text-primary underline-offset-4 hover:underline"
              />
            ),
          }}
        />
      }
    >
      <AuthHeading title={t('login.heading')} description={t('login.description')} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {arrival.activated && !login.error ? (
          <Alert role="status" tone="success" title={t('login.activated')} />
        ) : null}
        <ApiErrorAlert error={login.error} />
        <FormField
          id="login-email"
          label={t('fields.email')}
          error={validationText(errors.email?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('fields.emailPlaceholder')}
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          id="login-password"
          label={t('fields.password')}
          error={validationText(errors.password?.message)}
          labelAside={
            <Link
              to="/forgot-password"
              className="text-[13px] font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('login.forgot')}
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              showLabel={t('fields.showPassword')}
              hideLabel={t('fields.hidePassword')}
              {...form.register('password')}
            />
          )}
        </FormField>
        <div className="flex items-center gap-2">
          <Checkbox id="login-remember" {...form.register('remember')} />
          <Label htmlFor="login-remember" className="font-normal">
            {t('login.remember')}
          </Label>
        </div>
        <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
