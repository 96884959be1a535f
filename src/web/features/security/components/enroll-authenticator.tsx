import { Copy } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { codeSchema, type EnrollResponse, enrollFactorBodySchema } from '@/contracts/auth';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { CodeInput } from '@/web/components/ui/code-input';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useNewChallenge, useStartEnrollment, useVerifyNewFactor } from '../api/mutations';
import { groupSecret } from '../lib/format';

type Enrollment = { factor: EnrollResponse; challengeId: string };

function NameStep({
  onStarted,
  onCancel,
}: {
  onStarted: (enrollment: Enrollment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const validationText = useValidationText();
  const start = useStartEnrollment();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const friendlyName = name.trim() || undefined;
    const parsed = enrollFactorBodySchema.safeParse({ friendlyName });
    if (!parsed.success) {
      setNameError(validationText(parsed.error.issues[0]?.message) ?? null);
      input.current?.focus();
      return;
    }
    setNameError(null);
    start.mutate(parsed.data.friendlyName, {
      onSuccess: ({ factor, challenge }) =>
        onStarted({ factor, challengeId: challenge.challengeId }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <ApiErrorAlert error={start.error} />
      <FormField
        id="enroll-name"
        label={t('twoFactor.enroll.name')}
        description={t('twoFactor.enroll.nameHint')}
        error={nameError}
      >
        {(control) => (
          <Input
            {...control}
            ref={input}
            autoFocus
            value={name}
            maxLength={100}
            placeholder={t('twoFactor.enroll.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button change type="submit" size="sm" disabled={start.isPending}>
          {start.isPending ? t('twoFactor.enroll.starting') : t('twoFactor.enroll.start')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function VerifyStep({
  enrollment,
  onVerified,
  onCancel,
}: {
  enrollment: Enrollment;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const validationText = useValidationText();
  const verify = useVerifyNewFactor();
  const refresh = useNewChallenge();
  const [challengeId, setChallengeId] = useState(enrollment.challengeId);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { factor } = enrollment;
  // A spent challenge (expired, or 5 wrong codes) answers CHALLENGE_EXPIRED; a locked
  // authenticator RATE_LIMITED with the wait (the message says how long). Both need a new one.
  const errorCode = errorCodeOf(verify.error);
  const offerRefresh = errorCode === 'CHALLENGE_EXPIRED' || errorCode === 'RATE_LIMITED';

  useEffect(() => heading.current?.focus(), []);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(factor.secret);
      toast.success(t('twoFactor.enroll.copied'));
    } catch {
      toast.error(t('twoFactor.enroll.copyFailed'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(validationText(parsed.error.issues[0]?.message) ?? null);
      codeInput.current?.focus();
      return;
    }
    setCodeError(null);
    verify.mutate(
      { factorId: factor.id, challengeId, code: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('twoFactor.enroll.added'));
          onVerified();
        },
        onError: () => {
          setCode('');
          codeInput.current?.focus();
        },
      },
    );
  };

  const newChallenge = () => {
    refresh.mutate(factor.id, {
      onSuccess: (challenge) => {
        verify.reset();
        setChallengeId(challenge.challengeId);
        codeInput.current?.focus();
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
        {t('twoFactor.enroll.scanTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src={factor.qrCode}
          alt={t('twoFactor.enroll.qrAlt')}
          width={176}
          height={176}
          className="size-44 rounded-lg border bg-white p-2"
        />
        <div className="grid min-w-0 gap-2">
          <p className="text-muted-foreground">{t('twoFactor.enroll.scanHint')}</p>
          <p className="text-muted-foreground">{t('twoFactor.enroll.secretHint')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              className="rounded-md border bg-muted px-2.5 py-1.5 font-mono text-[13px] tracking-wide break-all select-all"
            >
              {groupSecret(factor.secret)}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" />
              {t('twoFactor.enroll.copy')}
            </Button>
          </div>
        </div>
      </div>
      <ApiErrorAlert error={verify.error ?? refresh.error}>
        {offerRefresh ? (
          <Button
            size="sm"
            variant="outline"
            className="mt-2"
            disabled={refresh.isPending}
            onClick={newChallenge}
          >
            {t('twoFactor.enroll.refresh')}
          </Button>
        ) : null}
      </ApiErrorAlert>
      <FormField
        id="enroll-code"
        label={t('twoFactor.enroll.code')}
        description={t('twoFactor.enroll.codeHint')}
        error={codeError}
        className="max-w-60"
      >
        {(control) => (
          <CodeInput
            {...control}
            ref={codeInput}
            value={code}
            disabled={verify.isPending}
            onValueChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button change type="submit" size="sm" disabled={verify.isPending || refresh.isPending}>
          {verify.isPending ? t('twoFactor.enroll.verifying') : t('twoFactor.enroll.verify')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Adding an authenticator: an optional name, then the QR code and its key, then the first code
 * from the app (which verifies the new factor).
 */
export function EnrollAuthenticator({
  onEnrolling,
  onDone,
}: {
  /** The id of the factor being added (the list hides it meanwhile). */
  onEnrolling: (factorId: string | null) => void;
  onDone: () => void;
}) {
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const finish = () => {
    onEnrolling(null);
    onDone();
  };
  return (
    <div className="rounded-lg border bg-muted/30 p-4">
      {enrollment ? (
        <VerifyStep enrollment={enrollment} onVerified={finish} onCancel={finish} />
      ) : (
        <NameStep
          onStarted={(started) => {
            onEnrolling(started.factor.id);
            setEnrollment(started);
          }}
          onCancel={finish}
        />
      )}
    </div>
  );
}
