import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { joinWaitlistBodySchema, WAITLIST_MOTIVATION_MAX } from '@/contracts/admin';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { api } from '@/web/lib/api-client';
import { useBetaStatus } from '../api/queries';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '../lib/use-document-title';

type WaitlistForm = z.input<typeof joinWaitlistBodySchema>;
type WaitlistValues = z.output<typeof joinWaitlistBodySchema>;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function useJoinWaitlist() {
  return useMutation({
    mutationFn: (body: WaitlistValues) => api<{ ok: true }>('/waitlist', { method: 'POST', body }),
  });
}

function OnTheList({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div ref={heading} tabIndex={-1} className="outline-none">
      <AuthHeading
        icon={<PartyPopper />}
        tone="success"
        title={t('waitlist.joined.title')}
        description={
          <Trans
            t={t}
            i18nKey="waitlist.joined.description"
            values={{ email }}
            components={{
              email: <strong className="font-medium text-foreground [overflow-wrap:anywhere]" />,
            }}
          />
        }
      />
      <p className="text-sm text-muted-foreground">{t('waitlist.joined.next')}</p>
      <a href="/" className={`${linkClass} mt-5 block text-center text-sm`}>
        {t('waitlist.joined.home')}
      </a>
    </div>
  );
}

function WaitlistSkeleton() {
  const { t } = useTranslation('auth');
  return (
    <div aria-busy="true" aria-label={t('waitlist.loading')} className="grid gap-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="mt-2 h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/**
 * /beta/waitlist: while beta mode is on, anyone can ask for an invitation (name, email, why).
 * When beta is off the page does not exist for visitors: it redirects to registration, which is
 * open to all. Joining twice with one email is accepted silently (no way to probe the list).
 */
export function WaitlistPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('waitlist.title'));
  const validationText = useValidationText();
  const beta = useBetaStatus();
  const join = useJoinWaitlist();
  const [joinedAs, setJoinedAs] = useState<string | null>(null);
  const form = useForm<WaitlistForm, unknown, WaitlistValues>({
    resolver: zodResolver(joinWaitlistBodySchema),
    defaultValues: { fullName: '', email: '', motivation: '' },
  });
  const { errors } = form.formState;
  const motivation = useWatch({ control: form.control, name: 'motivation' });
  const remaining = WAITLIST_MOTIVATION_MAX - motivation.trim().length;

  if (beta.data?.enabled === false || errorCodeOf(join.error) === 'WAITLIST_CLOSED') {
    return <Navigate to="/register" replace />;
  }

  const onSubmit = form.handleSubmit((values) => {
    join.mutate(values, { onSuccess: () => setJoinedAs(values.email) });
  });

  return (
    <AuthLayout
      width="md"
      after={
        joinedAs === null ? (
          <div className="grid gap-1.5">
            <span>
              <Trans
                t={t}
                i18nKey="waitlist.haveInvite"
                components={{ action: <Link to="/register" className={linkClass} /> }}
              />
            </span>
            <span>
              <Trans
                t={t}
                i18nKey="register.haveAccount"
                components={{ action: <Link to="/login" className={linkClass} /> }}
              />
            </span>
          </div>
        ) : null
      }
    >
      {beta.isPending ? (
        <WaitlistSkeleton />
      ) : beta.isError ? (
        <ApiErrorAlert error={beta.error} />
      ) : joinedAs !== null ? (
        <OnTheList email={joinedAs} />
      ) : (
        <>
          <AuthHeading title={t('waitlist.heading')} description={t('waitlist.description')} />
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <ApiErrorAlert error={join.error} />
            <FormField
              id="waitlist-name"
              label={t('fields.fullName')}
              error={validationText(errors.fullName?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="name"
                  maxLength={100}
                  {...form.register('fullName')}
                />
              )}
            </FormField>
            <FormField
              id="waitlist-email"
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
              id="waitlist-motivation"
              label={t('waitlist.motivation')}
              labelAside={
                <span className="text-[13px] text-muted-foreground">{t('fields.optional')}</span>
              }
              description={
                <span className="flex justify-between gap-3">
                  <span>{t('waitlist.motivationHint')}</span>
                  <span
                    className={
                      remaining < 0
                        ? 'shrink-0 font-medium whitespace-nowrap text-destructive tabular-nums'
                        : 'shrink-0 whitespace-nowrap tabular-nums'
                    }
                  >
                    {t('waitlist.remaining', { count: remaining })}
                  </span>
                </span>
              }
              error={validationText(errors.motivation?.message)}
            >
              {(control) => <Textarea {...control} rows={4} {...form.register('motivation')} />}
            </FormField>
            <Button type="submit" className="mt-1 w-full" disabled={join.isPending}>
              {join.isPending ? t('waitlist.submitting') : t('waitlist.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
