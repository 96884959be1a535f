import { AlertTriangle, ArrowLeft, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useSession } from '@/web/lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

function Verifying() {
  const { t } = useTranslation('admin');
  return (
    <div role="status" aria-busy="true" className="mx-auto grid w-full max-w-7xl gap-5">
      <p className="text-sm text-muted-foreground">{t('gate.verifying')}</p>
      <div className="grid gap-3" aria-hidden="true">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

function AccessDenied() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('documentTitle', { page: t('gate.deniedTitle') }));
  return (
    <div className="mx-auto w-full max-w-lg py-10">
      <div className="rounded-xl border border-destructive/30 bg-card p-6 text-card-foreground shadow-sm">
        <div className="flex items-start gap-4">
          <div
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive"
          >
            <ShieldAlert className="size-5" />
          </div>
          <div className="grid min-w-0 gap-1">
            <h1 className="text-lg font-semibold tracking-tight">{t('gate.deniedTitle')}</h1>
            <p className="text-sm text-muted-foreground">{t('gate.deniedDescription')}</p>
            <p className="text-sm text-muted-foreground">{t('gate.deniedHint')}</p>
            <Link
              to="/dashboard"
              className={buttonVariants({
                size: 'sm',
                variant: 'outline',
                className: 'mt-3 w-fit',
              })}
            >
              <ArrowLeft aria-hidden="true" />
              {t('gate.backToDashboard')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The admin area's door: 'Verifying admin access...' while the session loads, an access-denied
 * page for anyone but an admin (an unreadable role counts as a regular user), otherwise a warning
 * that changes affect all users above the page.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const session = useSession();
  if (session.isPending) return <Verifying />;
  if (session.data?.user.role !== 'admin') return <AccessDenied />;
  return (
    // Room at the bottom so the floating Admin tools button never hides the last row.
    <div className="grid min-w-0 gap-5 pb-14">
      <div
        role="note"
        className="mx-auto flex w-full max-w-7xl items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-1.5 text-[13px] font-medium text-foreground"
      >
        <AlertTriangle className="size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>{t('gate.banner')}</span>
      </div>
      {children}
    </div>
  );
}
