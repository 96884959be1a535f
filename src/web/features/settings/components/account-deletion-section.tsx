import { AlertTriangle, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { codeSchema } from '@/contracts/auth';
import type { DeletionPreview } from '@/contracts/privacy';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { CodeInput } from '@/web/components/ui/code-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { i18n } from '@/web/lib/i18n';
import { useFormatters } from '@/web/lib/preferences';
import { useSignOut } from '@/web/lib/session';
import { useDeleteAccount, useDeletionPreview } from '../api/privacy';
import { SettingsSection } from './settings-ui';

type Step = 'review' | 'verify' | 'confirm';
const DOT = 'mt-[0.55em] size-1.5 shrink-0 rounded-full bg-muted-foreground';
const STEPS: Step[] = ['review', 'verify', 'confirm'];

/** Step 1: what goes (counts; the portfolios shared with others, and with whom). */
function Review({ preview }: { preview: DeletionPreview }) {
  const { t } = useTranslation('settings');
  const counts = [
    t('privacy.deletion.counts.portfolios', { count: preview.portfolios }),
    t('privacy.deletion.counts.holdings', { count: preview.holdings }),
    t('privacy.deletion.counts.transactions', { count: preview.transactions }),
  ];
  return (
    <div className="grid gap-3 text-sm">
      <p>{t('privacy.deletion.review.intro', { days: preview.graceDays })}</p>
      <ul className="grid gap-1 rounded-md border bg-muted/30 px-3 py-2.5">
        {counts.map((line) => (
          <li key={line} className="flex items-start gap-2">
            <span aria-hidden="true" className={DOT} />
            {line}
          </li>
        ))}
        <li className="flex items-start gap-2">
          <span aria-hidden="true" className={DOT} />
          {t('privacy.deletion.counts.rest')}
        </li>
      </ul>
      {preview.sharedPortfolios.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="font-medium">{t('privacy.deletion.review.shared')}</p>
          <ul className="grid gap-1">
            {preview.sharedPortfolios.map((portfolio) => (
              <li key={portfolio.id} className="text-[13px]">
                <span className="font-medium">{portfolio.name}</span>
                <span className="text-muted-foreground">
                  {' '}
                  {t('privacy.deletion.review.sharedWith', {
                    people: portfolio.sharedWith.join(', '),
                    interpolation: { escapeValue: false },
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-[13px] text-muted-foreground">
          {t('privacy.deletion.review.notShared')}
        </p>
      )}
      <p className="text-[13px] text-muted-foreground">{t('privacy.deletion.review.export')}</p>
    </div>
  );
}

/**
 * The deletion dialog (issue 17), in three steps: what will be removed, the password (and a code
 * of the authenticator when the account has one), then the confirmation word typed out. The
 * server checks the password and code when the last step is sent; a refusal of either brings
 * the second step back with the error.
 */
export function AccountDeletionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const validationText = useValidationText();
  const format = useFormatters();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const preview = useDeletionPreview(true);
  const remove = useDeleteAccount();
  const [step, setStep] = useState<Step>('review');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [word, setWord] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; word?: string }>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const wordInput = useRef<HTMLInputElement>(null);
  const stepId = useId();
  const expectedWord = t('privacy.deletion.confirm.word');
  const needsCode = preview.data?.needsCode ?? false;
  const refusedCredentials = ['INVALID_CREDENTIALS', 'INVALID_CODE'].includes(
    errorCodeOf(remove.error) ?? '',
  );

  const toVerify = () => {
    setStep('verify');
    setTimeout(() => passwordInput.current?.focus(), 0);
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!password) found.password = t('privacy.deletion.verify.passwordRequired');
    if (needsCode) {
      const parsed = codeSchema.safeParse(code);
      if (!parsed.success) found.code = validationText(parsed.error.issues[0]?.message) ?? '';
    }
    setErrors(found);
    if (found.password) return passwordInput.current?.focus();
    if (found.code) return codeInput.current?.focus();
    remove.reset();
    setStep('confirm');
    setTimeout(() => wordInput.current?.focus(), 0);
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim().toLocaleUpperCase() !== expectedWord.toLocaleUpperCase()) {
      setErrors({ word: t('privacy.deletion.confirm.mismatch', { word: expectedWord }) });
      wordInput.current?.focus();
      return;
    }
    remove.mutate(
      { password, ...(needsCode ? { code: code.trim() } : {}) },
      {
        onSuccess: ({ scheduledFor }) => {
          toast.success(i18n.t('settings:privacy.deletion.done.title'), {
            description: i18n.t('settings:privacy.deletion.done.text', {
              date: format.date(scheduledFor),
            }),
            duration: 15_000,
          });
          // The server ended every session: the app signs out too.
          signOut.mutate(undefined, {
            onSettled: () => void navigate('/login', { replace: true }),
          });
        },
        onError: (error) => {
          const refused = errorCodeOf(error);
          if (refused === 'INVALID_CREDENTIALS' || refused === 'INVALID_CODE') {
            setCode('');
            setStep('verify');
            setTimeout(
              () => (refused === 'INVALID_CODE' ? codeInput : passwordInput).current?.focus(),
              0,
            );
          }
        },
      },
    );
  };

  const index = STEPS.indexOf(step) + 1;
  const blocked = preview.data?.lastAdmin === true;

  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent
        className="sm:max-w-lg"
        aria-describedby={`${stepId}-step`}
        closeLabel={t('privacy.deletion.close')}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
            {t('privacy.deletion.dialog.title')}
          </DialogTitle>
          <DialogDescription id={`${stepId}-step`}>
            {t('privacy.deletion.dialog.step', {
              index,
              total: STEPS.length,
              name: t(`privacy.deletion.steps.${step}`),
            })}
          </DialogDescription>
        </DialogHeader>
        <ol className="flex gap-1.5" aria-hidden="true">
          {STEPS.map((name, i) => (
            <li
              key={name}
              className={
                i < index
                  ? 'h-1 flex-1 rounded-full bg-destructive'
                  : 'h-1 flex-1 rounded-full bg-muted'
              }
            />
          ))}
        </ol>

        {step === 'review' ? (
          <>
            {preview.isPending ? (
              <div className="grid gap-2" aria-busy="true">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            ) : preview.isError ? (
              <ApiErrorAlert
                error={preview.error}
                situation={{ fallback: t('privacy.deletion.review.loadFailed') }}
              >
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  onClick={() => void preview.refetch()}
                >
                  {t('privacy.deletion.retry')}
                </Button>
              </ApiErrorAlert>
            ) : (
              <>
                <Review preview={preview.data} />
                {blocked ? (
                  <Alert role="alert" tone="error" title={t('privacy.deletion.review.lastAdmin')} />
                ) : null}
              </>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t('privacy.deletion.cancel')}
              </Button>
              <Button variant="destructive" disabled={!preview.data || blocked} onClick={toVerify}>
                {t('privacy.deletion.next')}
              </Button>
            </DialogFooter>
          </>
        ) : null}

        {step === 'verify' ? (
          <form noValidate onSubmit={onVerify} className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              {needsCode
                ? t('privacy.deletion.verify.introCode')
                : t('privacy.deletion.verify.intro')}
            </p>
            {refusedCredentials ? <ApiErrorAlert error={remove.error} /> : null}
            <FormField
              id="deletion-password"
              label={t('privacy.deletion.verify.password')}
              error={errors.password}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  ref={passwordInput}
                  autoComplete="current-password"
                  showLabel={t('privacy.deletion.verify.show')}
                  hideLabel={t('privacy.deletion.verify.hide')}
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (errors.password) setErrors({ ...errors, password: undefined });
                  }}
                />
              )}
            </FormField>
            {needsCode ? (
              <FormField
                id="deletion-code"
                label={t('privacy.deletion.verify.code')}
                error={errors.code}
              >
                {(control) => (
                  <CodeInput
                    {...control}
                    ref={codeInput}
                    value={code}
                    onValueChange={(value) => {
                      setCode(value);
                      if (errors.code) setErrors({ ...errors, code: undefined });
                    }}
                  />
                )}
              </FormField>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('review')}>
                {t('privacy.deletion.back')}
              </Button>
              <Button type="submit" variant="destructive">
                {t('privacy.deletion.next')}
              </Button>
            </DialogFooter>
          </form>
        ) : null}

        {step === 'confirm' ? (
          <form noValidate onSubmit={onConfirm} className="grid gap-4">
            <p className="text-sm">
              {t('privacy.deletion.confirm.intro', {
                days: preview.data?.graceDays ?? 7,
              })}
            </p>
            {!refusedCredentials ? (
              <ApiErrorAlert
                error={remove.error}
                situation={{ fallback: t('privacy.deletion.failed') }}
              />
            ) : null}
            <FormField
              id="deletion-word"
              label={t('privacy.deletion.confirm.label', { word: expectedWord })}
              error={errors.word}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={wordInput}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={word}
                  onChange={(event) => {
                    setWord(event.target.value);
                    if (errors.word) setErrors({ ...errors, word: undefined });
                  }}
                />
              )}
            </FormField>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => setStep('verify')}
              >
                {t('privacy.deletion.back')}
              </Button>
              <Button change type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending
                  ? t('privacy.deletion.confirm.submitting')
                  : t('privacy.deletion.confirm.submit')}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** "Delete your account": the danger section of the privacy page, and its dialog. */
export function AccountDeletionSection() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="privacy-delete"
      title={t('privacy.deletion.title')}
      className="border-destructive/40"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <span
          aria-hidden="true"
          className="hidden size-8 shrink-0 items-center justify-center rounded-md bg-destructive/10 text-destructive sm:flex"
        >
          <Trash2 className="size-4" />
        </span>
        <p className="min-w-0 flex-1 text-[13px] text-muted-foreground">
          {t('privacy.deletion.text')}
        </p>
        <Button
          change
          variant="destructive"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          onClick={() => setOpen(true)}
        >
          {t('privacy.deletion.open')}
        </Button>
      </div>
      {open ? <AccountDeletionDialog onClose={() => setOpen(false)} /> : null}
    </SettingsSection>
  );
}
