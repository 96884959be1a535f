import { CircleCheck, Circle, Mail, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useHasVerifiedFactor } from '@/web/lib/factors';
import { useResendConfirmation, useSession } from '@/web/lib/session';

type Step = { key: string; icon: typeof Mail; done: boolean | undefined; action: ReactNode };

function ChecklistItem({ step }: { step: Step }) {
  const { t } = useTranslation('dashboard');
  const Icon = step.icon;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <Icon className="size-[18px]" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t(`checklist.${step.key}.title`)}</p>
        <p className="text-sm text-muted-foreground">{t(`checklist.${step.key}.text`)}</p>
      </div>
      {step.done === undefined ? (
        <Skeleton className="h-8 w-24" />
      ) : step.done ? (
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-gain">
          <CircleCheck className="size-4" aria-hidden="true" />
          {t('checklist.done')}
        </span>
      ) : (
        step.action
      )}
    </li>
  );
}

/** 'Get your account ready': confirm the email, turn on 2FA, add a picture. */
export function GettingStartedCard() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const hasAuthenticator = useHasVerifiedFactor();
  const resend = useResendConfirmation();
  const user = session.data?.user;

  const steps: Step[] = [
    {
      key: 'email',
      icon: Mail,
      done: user ? user.emailConfirmedAt !== null : undefined,
      action: (
        <Button
          change
          size="sm"
          variant="outline"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(t('checklist.email.sent')),
              onError: () => toast.error(t('checklist.email.failed')),
            })
          }
        >
          {resend.isSuccess ? t('checklist.email.sentShort') : t('checklist.email.action')}
        </Button>
      ),
    },
    {
      key: 'twoFactor',
      icon: ShieldCheck,
      done: hasAuthenticator.data,
      action: (
        <Button asChild size="sm" variant="outline">
          <Link to="/settings/security">{t('checklist.twoFactor.action')}</Link>
        </Button>
      ),
    },
    {
      key: 'profile',
      icon: UserRound,
      done: user ? user.avatarUrl !== null : undefined,
      action: (
        <Button asChild size="sm" variant="outline">
          <Link to="/profile">{t('checklist.profile.action')}</Link>
        </Button>
      ),
    },
  ];
  const done = steps.filter((step) => step.done === true).length;
  const known = steps.every((step) => step.done !== undefined);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{t('checklist.title')}</CardTitle>
          <CardDescription>{t('checklist.description')}</CardDescription>
        </div>
        {known ? (
          <span
            className={cn(
              'tabular inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
              done === steps.length ? 'text-gain' : 'text-muted-foreground',
            )}
          >
            {done === steps.length ? (
              <CircleCheck className="size-3.5" aria-hidden="true" />
            ) : (
              <Circle className="size-3.5" aria-hidden="true" />
            )}
            {t('checklist.progress', { done, count: steps.length })}
          </span>
        ) : (
          <Skeleton className="h-6 w-24 rounded-full" />
        )}
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {steps.map((step) => (
            <ChecklistItem key={step.key} step={step} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** "Complete your profile": the dashboard needs a name to greet and show (spec 000, section 2). */
export function CompleteProfileCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle>{t('completeProfile.title')}</CardTitle>
        <CardDescription>{t('completeProfile.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/settings/profile">{t('completeProfile.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
