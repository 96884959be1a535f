import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useInRouterContext, useLocation } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { cn } from '@/web/lib/cn';
import { PLANS_PATH } from '@/web/lib/plan';
import { settingsHref } from '@/web/lib/settings-link';

/** Inside the app: a settings link, keeping the simulation (settings links do). */
function RouterLink({ className, children }: { className: string; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <Link to={settingsHref(PLANS_PATH, search)} className={className}>
      {children}
    </Link>
  );
}

/**
 * "See plans": the way from a plan's refusal or a locked control to the subscription page. A
 * plain link outside a router (an error card before the app's router is up).
 */
export function SeePlansLink({
  className,
  variant = 'link',
  label,
}: {
  className?: string;
  /** 'link' reads as text inside a message; 'outline' as a small button. */
  variant?: 'link' | 'outline';
  label?: string;
}) {
  const { t } = useTranslation('common');
  const inRouter = useInRouterContext();
  const classes = cn(
    variant === 'link'
      ? 'inline-flex items-center gap-1 rounded-sm font-medium text-foreground underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring'
      : buttonVariants({ variant: 'outline', size: 'sm' }),
    className,
  );
  const content = (
    <>
      {label ?? t('plans.seePlans')}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </>
  );
  return inRouter ? (
    <RouterLink className={classes}>{content}</RouterLink>
  ) : (
    <a href={PLANS_PATH} className={classes}>
      {content}
    </a>
  );
}
