import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/web/components/ui/alert';
import { errorCodeOf, ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField, focusFirstInvalid, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useRegister } from '../api/mutations';
import { useBetaStatus, useInstanceStatus, useInviteDetails } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { NewAccountFields } from '../components/new-account-fields';
import {
  registerFormSchema,
  type RegisterFormInput,
  type RegisterFormValues,
} from '../lib/schemas';
import { useDocumentTitle } from '../lib/use-document-title';

const legalLinkClass = 'font-medium text-primary underline underline-offset-4';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** After sign-up: the same screen whether the address was new or had an account already. */
function CheckYourEmail({
  email,
  mailDelivered,
  onRetry,
}: {
  email: string;
  /** False on a server without a mail server: its administrator has the link. */
  mailDelivered: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
          {mailDelivered ? t('register.sent.title') : t('register.sent.noMailTitle')}
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey={mailDelivered ? 'register.sent.description' : 'register.sent.noMail'}
            values={{ email }}
            components={{
              email: <strong className="font-medium text-foreground [overflow-wrap:anywhere]" />,
            }}
          />
        </p>
        <p className="text-sm text-muted-foreground">{t('register.sent.validity')}</p>
      </div>
      {mailDelivered ? (
        <div className="rounded-lg border bg-muted/40 p-3 text-sm">
          <p className="font-medium">{t('register.sent.hintsTitle')}</p>
          <ul className="mt-1.5 list-disc space-y-1 pl-5 text-muted-foreground">
            <li>{t('register.sent.hintSpam')}</li>
            <li>{t('register.sent.hintAddress')}</li>
            <li>{t('register.sent.hintExisting')}</li>
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <Button variant="outline" className="w-full" onClick={onRetry}>
          {t('register.sent.tryAnother')}
        </Button>
        <Link to="/login" state={{ email }} className={`${linkClass} text-center text-sm`}>
          {t('register.sent.toSignIn')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /register: name, e-mail, password (with its strength) twice, invite code (required in beta),
 * agreement to the terms. Then 'check your email', the same whether or not the address has an
 * account (no way to probe for accounts): the emailed link activates the account (/auth/activate).
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  const validationText = useValidationText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const beta = useBetaStatus();
  const instance = useInstanceStatus();
  const mailDelivered = instance.data?.emailDelivery !== false;
  const inviteRequired = beta.data?.enabled === true;
  const schema = useMemo(() => registerFormSchema(inviteRequired), [inviteRequired]);
  const register = useRegister();
  // An invitation email links here with its code.
  const [linkCode] = useState(() =>
    (searchParams.get('invite') ?? '').trim().toUpperCase().slice(0, 8),
  );
  const form = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      inviteCode: linkCode,
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  // An invitation link fills the address and name it was sent for, unless already typed.
  const invite = useInviteDetails(linkCode);
  useEffect(() => {
    const details = invite.data;
    if (!details) return;
    if (details.email && !form.getValues('email')) form.setValue('email', details.email);
    if (details.fullName && !form.getValues('fullName')) {
      form.setValue('fullName', details.fullName);
    }
  }, [invite.data, form]);

  const onValid = (values: RegisterFormValues) => {
    const fullName = values.fullName.trim();
    const inviteCode = values.inviteCode.trim().toUpperCase();
    register.mutate(
      {
        email: values.email,
        password: values.password,
        ...(fullName ? { fullName } : {}),
        ...(inviteCode ? { inviteCode } : {}),
      },
      {
        onSuccess: () => setSentTo(values.email),
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'INVITE_CODE_REQUIRED' || code === 'INVITE_CODE_INVALID') {
            form.setFocus('inviteCode');
          }
        },
      },
    );
  };

  // Fields register in another order than they show: focus the first invalid one on screen.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    void form.handleSubmit(onValid, (invalid) => focusFirstInvalid(element, invalid))(event);
  };

  const inviteField = form.register('inviteCode');
  // The spec's sign-up failure text when the server gave no code of ours (network, 5xx).
  const errorCode = errorCodeOf(register.error);
  const unexpected =
    register.error !== null && (errorCode === null || errorCode === 'UNKNOWN_ERROR');

  // A server without any account first needs its administrator.
  if (instance.data?.setupRequired) return <Navigate to="/setup" replace />;

  if (sentTo !== null) {
    return (
      <AuthLayout width="md">
        <CheckYourEmail
          email={sentTo}
          mailDelivered={mailDelivered}
          onRetry={() => {
            register.reset();
            setSentTo(null);
            setTimeout(() => form.setFocus('email', { shouldSelect: true }), 0);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      width="md"
      after={
        <Trans
          t={t}
          i18nKey="register.haveAccount"
          components={{
            action: <Link to="/login" className={linkClass} />,
          }}
        />
      }
    >
      <AuthHeading title={t('register.heading')} description={t('register.description')} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {unexpected ? (
          <Alert role="alert" tone="error" title={t('register.failed')} />
        ) : (
          <ApiErrorAlert error={register.error} />
        )}
        <NewAccountFields
          idPrefix="register"
          register={form.register}
          errors={errors}
          password={password}
        />
        <FormField
          id="register-invite"
          label={t('fields.inviteCode')}
          labelAside={
            inviteRequired ? null : (
              <span className="text-[13px] text-muted-foreground">{t('fields.optional')}</span>
            )
          }
          description={
            inviteRequired ? (
              <>
                {t('register.inviteHintBeta')}{' '}
                <Trans
                  t={t}
                  i18nKey="register.noInvite"
                  components={{
                    action: (
                      <Link
                        to="/beta/waitlist"
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      />
                    ),
                  }}
                />
              </>
            ) : (
              t('register.inviteHint')
            )
          }
          error={validationText(errors.inviteCode?.message)}
        >
          {(control) => (
            <Input
              {...control}
              aria-required={inviteRequired || undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
              className="font-mono tracking-widest uppercase"
              {...inviteField}
              onChange={(event) => {
                const input = event.target;
                const { selectionStart, selectionEnd } = input;
                input.value = input.value.toUpperCase();
                input.setSelectionRange(selectionStart, selectionEnd);
                void inviteField.onChange(event);
              }}
            />
          )}
        </FormField>
        <div className="grid gap-1.5">
          <div className="flex items-start gap-2.5">
            <Checkbox
              id="register-terms"
              className="mt-0.5"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'register-terms-error' : undefined}
              {...form.register('acceptTerms')}
            />
            <Label htmlFor="register-terms" className="leading-snug font-normal">
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{
                  terms: (
                    <a href="/terms" target="_blank" rel="noreferrer" className={legalLinkClass} />
                  ),
                  privacy: (
                    <a
                      href="/privacy"
                      target="_blank"
                      rel="noreferrer"
                      className={legalLinkClass}
                    />
                  ),
                }}
              />
              <span className="sr-only"> {t('register.newTab')}</span>
            </Label>
          </div>
          {errors.acceptTerms ? (
            <p id="register-terms-error" className="text-[13px] font-medium text-destructive">
              {validationText(errors.acceptTerms.message)}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="mt-1 w-full" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
