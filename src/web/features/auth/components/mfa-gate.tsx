import { KeyRound, Mail } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  AUTH_LIMITS,
  codeSchema,
  emailSchema,
  type Factor,
  type PendingSession,
} from '@/contracts/auth';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { CodeInput } from '@/web/components/ui/code-input';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Separator } from '@/web/components/ui/separator';
import { usePendingSecondStep, useSignOut } from '@/web/lib/session';
import { useSendRecoveryCode, useVerifyFactor, useVerifyRecoveryCode } from '../api/mutations';
import { useChallenge } from '../api/queries';
import { useCountdown } from '../lib/use-countdown';
import { useDocumentTitle } from '../lib/use-document-title';
import { AuthHeading, AuthLayout } from './auth-layout';

/** The code's own format error (translated), or null when it is 6 digits. */
function useCodeCheck() {
  const validationText = useValidationText();
  return (code: string) => {
    const result = codeSchema.safeParse(code);
    return result.success ? null : (validationText(result.error.issues[0]?.message) ?? null);
  };
}

function FactorChoice({
  factors,
  value,
  onChange,
}: {
  factors: Factor[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('mfa.factor')}</legend>
      {factors.map((factor) => (
        <label
          key={factor.id}
          className="flex cursor-pointer items-center gap-2.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name="mfa-factor"
            value={factor.id}
            checked={factor.id === value}
            onChange={() => onChange(factor.id)}
            className="size-4 accent-[var(--primary)] outline-none"
          />
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 truncate">{factor.friendlyName}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Authenticator app: pick a factor (if several), get a challenge, enter its 6-digit code. */
function AuthenticatorStep({ factors }: { factors: Factor[] }) {
  const { t } = useTranslation('auth');
  const checkCode = useCodeCheck();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const factorId = factors.find((factor) => factor.id === chosenId)?.id ?? factors[0]?.id ?? null;
  const challenge = useChallenge(factorId);
  const verify = useVerifyFactor();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ready = challenge.data !== undefined && !challenge.isFetching;

  const submit = (value: string) => {
    const formatError = checkCode(value);
    setCodeError(formatError);
    if (formatError) {
      input.current?.focus();
      return;
    }
    if (!challenge.data || !factorId || verify.isPending) return;
    verify.mutate(
      { factorId, challengeId: challenge.data.challengeId, code: value },
      {
        onError: () => {
          setCode('');
          input.current?.focus();
        },
      },
    );
  };

  const refresh = () => {
    verify.reset();
    setCode('');
    setCodeError(null);
    void challenge.refetch().then(() => input.current?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const errorCode = errorCodeOf(verify.error);
  // A spent challenge (expired, or 5 wrong codes) answers CHALLENGE_EXPIRED: a new one is needed.
  // A locked authenticator answers RATE_LIMITED with the wait; after it, a new one is needed too.
  const expired = errorCode === 'CHALLENGE_EXPIRED';
  const offerRefresh = expired || errorCode === 'RATE_LIMITED';

  // Six digits typed before the challenge arrived (a fast typist, a slow network, a password
  // manager) are sent as soon as it is there, as they would have been a moment later.
  const typedEarly = useRef<string | null>(null);
  useEffect(() => {
    const early = typedEarly.current;
    if (early === null || !ready) return;
    typedEarly.current = null;
    if (early === code && !expired) submit(early);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {factors.length > 1 && factorId ? (
        <FactorChoice
          factors={factors}
          value={factorId}
          onChange={(id) => {
            setChosenId(id);
            verify.reset();
            setCode('');
          }}
        />
      ) : null}
      {challenge.isError && !challenge.isFetching ? (
        <Alert role="alert" tone="error" title={t('mfa.refreshFailed')}>
          <Button size="sm" variant="outline" className="mt-2" onClick={refresh}>
            {t('mfa.retry')}
          </Button>
        </Alert>
      ) : null}
      <ApiErrorAlert error={verify.error} situation={{ fallback: t('mfa.failed') }}>
        {offerRefresh ? (
          <Button size="sm" variant="outline" className="mt-2" onClick={refresh}>
            {t('mfa.refresh')}
          </Button>
        ) : null}
      </ApiErrorAlert>
      <FormField id="mfa-code" label={t('mfa.code')} error={codeError}>
        {(control) => (
          <CodeInput
            {...control}
            ref={input}
            autoFocus
            value={code}
            disabled={verify.isPending}
            onValueChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
              if (value.length === 6 && !expired) {
                if (ready) submit(value);
                else typedEarly.current = value;
              }
            }}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={!ready || verify.isPending}>
        {verify.isPending
          ? t('mfa.verifying')
          : challenge.isFetching
            ? t('mfa.preparing')
            : t('mfa.verify')}
      </Button>
    </form>
  );
}

/**
 * Email-code recovery (spec 000, sections 4 and 5): enter the account's email, send a code, enter
 * the code; resending waits for a countdown. The session does not expose the email: the user types
 * it, and the server checks it is the account's.
 */
function EmailStep() {
  const { t } = useTranslation('auth');
  const checkCode = useCodeCheck();
  const validationText = useValidationText();
  const send = useSendRecoveryCode();
  const verify = useVerifyRecoveryCode();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const sendCode = (address: string) => {
    verify.reset();
    send.mutate(address, {
      onSuccess: (answer) => {
        setSentTo(address);
        countdown.start(answer.resendAfterSeconds || AUTH_LIMITS.codeResendSeconds);
        setTimeout(() => codeInput.current?.focus(), 0);
      },
      onError: () => {
        if (sentTo === null) emailInput.current?.focus();
      },
    });
  };

  const onSendSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(validationText(parsed.error.issues[0]?.message) ?? null);
      emailInput.current?.focus();
      return;
    }
    setEmailError(null);
    sendCode(parsed.data);
  };

  const submit = (value: string) => {
    const formatError = checkCode(value);
    setCodeError(formatError);
    if (formatError) {
      codeInput.current?.focus();
      return;
    }
    if (verify.isPending || sentTo === null) return;
    verify.mutate(
      { email: sentTo, code: value },
      {
        onError: () => {
          setCode('');
          codeInput.current?.focus();
        },
      },
    );
  };

  const waiting = countdown.secondsLeft > 0;

  if (sentTo === null) {
    return (
      <form noValidate onSubmit={onSendSubmit} className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          {t('mfa.email.description', { minutes: AUTH_LIMITS.codeLifetimeMinutes })}
        </p>
        <ApiErrorAlert error={send.error} situation={{ fallback: t('mfa.email.sendFailed') }} />
        <FormField id="mfa-email-address" label={t('fields.email')} error={emailError}>
          {(control) => (
            <Input
              {...control}
              ref={emailInput}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              placeholder={t('fields.emailPlaceholder')}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (emailError) setEmailError(null);
              }}
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {send.isPending ? t('mfa.email.sending') : t('mfa.email.send')}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <Alert role="status" tone="success" title={t('mfa.email.sent', { email: sentTo })} />
      <ApiErrorAlert
        error={verify.error ?? send.error}
        situation={{
          fallback: verify.error ? t('mfa.email.verifyFailed') : t('mfa.email.sendFailed'),
        }}
      />
      <FormField id="mfa-email-code" label={t('mfa.email.code')} error={codeError}>
        {(control) => (
          <CodeInput
            {...control}
            ref={codeInput}
            value={code}
            disabled={verify.isPending}
            onValueChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
              if (value.length === 6) submit(value);
            }}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t('mfa.verifying') : t('mfa.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-muted-foreground">
        <span>{waiting ? t('mfa.email.resendIn', { count: countdown.secondsLeft }) : null}</span>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          disabled={waiting || send.isPending}
          onClick={() => sendCode(sentTo)}
        >
          {send.isPending ? t('mfa.email.sending') : t('mfa.email.resend')}
        </Button>
      </div>
    </form>
  );
}

function MfaVerification({ session }: { session: PendingSession }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('mfa.title'));
  const navigate = useNavigate();
  const logout = useSignOut();
  const factors = session.factors.filter((factor) => factor.status === 'verified');
  const [method, setMethod] = useState<'app' | 'email'>('app');
  const useEmail = method === 'email' || factors.length === 0;

  // Cancelling signs out: the session ends, the cache and the local error log are cleared.
  const cancel = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  return (
    <AuthLayout>
      {useEmail ? (
        <AuthHeading icon={<Mail />} title={t('mfa.email.title')} />
      ) : (
        <AuthHeading
          icon={<KeyRound />}
          title={t('mfa.title')}
          description={t('mfa.description')}
        />
      )}
      {useEmail ? <EmailStep /> : <AuthenticatorStep factors={factors} />}
      <Separator className="my-5" />
      <div className="grid gap-1">
        {factors.length > 0 ? (
          <Button
            variant="ghost"
            className="h-auto min-h-9 w-full py-2 whitespace-normal"
            onClick={() => setMethod(useEmail ? 'app' : 'email')}
          >
            {useEmail ? t('mfa.useApp') : t('mfa.useEmail')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          className="h-auto min-h-9 w-full py-2 whitespace-normal text-muted-foreground"
          disabled={logout.isPending}
          onClick={cancel}
        >
          {logout.isPending ? t('mfa.cancelling') : t('mfa.cancel')}
        </Button>
      </div>
    </AuthLayout>
  );
}

/**
 * Holds a signed-in user whose second step is pending (password done, authenticator not yet) on
 * the two-factor screen; everyone else sees `children`. Mount it outside the app shell: it renders
 * a whole page.
 */
export function MfaGate({ children }: { children: ReactNode }) {
  const pending = usePendingSecondStep();
  if (pending.data) return <MfaVerification session={pending.data} />;
  return children;
}
