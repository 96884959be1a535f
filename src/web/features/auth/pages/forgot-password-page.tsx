import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordBodySchema } from '@/contracts/auth';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useForgotPassword } from '../api/mutations';
import { useInstanceStatus } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '../lib/use-document-title';

type ForgotForm = z.input<typeof forgotPasswordBodySchema>;
type ForgotValues = z.output<typeof forgotPasswordBodySchema>;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function CheckYourEmail({ email, onRetry }: { email: string; onRetry: () => void }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // On a server without a mail server, its administrator has the link.
  const mailDelivered = useInstanceStatus().data?.emailDelivery !== false;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <div
          aria-hidden="true"
          className="mb-2 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground"
        >
          <MailCheck className="size-5" />
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-xl leading-tight font-semibold tracking-tight outline-none"
        >
          {mailDelivered ? t('forgot.sent.title') : t('forgot.sent.noMailTitle')}
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey={mailDelivered ? 'forgot.sent.description' : 'forgot.sent.noMail'}
            values={{ email }}
            components={{
              email: <strong className="font-medium text-foreground [overflow-wrap:anywhere]" />,
            }}
          />
        </p>
        <p className="text-sm text-muted-foreground">{t('forgot.sent.validity')}</p>
      </div>
      {mailDelivered ? (
        <div className="rounded-lg border bg-muted/40 p-3 text-sm">
          <p className="font-medium">{t('forgot.sent.hintsTitle')}</p>
          <ul className="mt-1.5 list-disc space-y-1 pl-5 text-muted-foreground">
            <li>{t('forgot.sent.hintSpam')}</li>
            <li>{t('forgot.sent.hintAddress')}</li>
            <li>{t('forgot.sent.hintWait')}</li>
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <Button variant="outline" className="w-full" onClick={onRetry}>
          {t('forgot.sent.tryAnother')}
        </Button>
        <Link to="/login" className={`${linkClass} text-center text-sm`}>
          {t('forgot.back')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /forgot-password: asks for the e-mail, then says to check the inbox. The answer is the same
 * whether or not an account exists (no way to probe for accounts).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const validationText = useValidationText();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotForm, unknown, ForgotValues>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    forgot.mutate(values.email, { onSuccess: () => setSentTo(values.email) });
  });

  if (sentTo !== null) {
    return (
      <AuthLayout>
        <CheckYourEmail
          email={sentTo}
          onRetry={() => {
            forgot.reset();
            setSentTo(null);
            setTimeout(() => form.setFocus('email', { shouldSelect: true }), 0);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      after={
        <Link to="/login" className={linkClass}>
          {t('forgot.back')}
        </Link>
      }
    >
      <AuthHeading title={t('forgot.heading')} description={t('forgot.description')} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <ApiErrorAlert error={forgot.error} />
        <FormField
          id="forgot-email"
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
        <Button type="submit" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
