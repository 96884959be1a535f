import { ArrowLeft, LayoutDashboard, LogIn, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { AuthHeading, AuthLayout } from '@/web/features/auth';
import { useAuthState } from '@/web/lib/session';
import { AppLayout } from './app-layout';
import { SessionSkeleton, SessionUnavailable } from './guards';

/** 'Page not found · Cairn', the title the server also sends with its 404 (seo namespace). */
function useNotFoundTitle() {
  const { t } = useTranslation('seo');
  const title = t('notFound.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The address asked for (without the query string), so a typo shows. */
function RequestedPath() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <span className="text-sm">
      <span className="sr-only">{t('notFound.address')} </span>
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] break-all text-foreground">
        {pathname}
      </code>
    </span>
  );
}

/** Whether this tab has a page of the app to go back to (React Router counts its entries). */
function canGoBack() {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * A signed-in user's page-not-found screen, inside the app's shell (the sidebar and the header
 * stay, so every page is a click away): the dashboard first, and back where they came from.
 */
export function SignedInNotFound() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useNotFoundTitle();
  return (
    <section className="mx-auto grid max-w-lg justify-items-center gap-3 py-12 text-center sm:py-20">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground"
      >
        <SearchX className="size-6" />
      </span>
      <p className="text-sm font-medium text-muted-foreground tabular">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <RequestedPath />
      <p className="text-sm text-muted-foreground">{t('notFound.text')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t('notFound.toDashboard')}
          </Link>
        </Button>
        {canGoBack() ? (
          <Button variant="outline" onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            {t('notFound.back')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A visitor's page-not-found screen, in the frame of the sign-in pages: sign in (the app's
 * pages are behind it), or the home page (a page of the public site, hence a plain link).
 */
export function VisitorNotFound() {
  const { t } = useTranslation('common');
  useNotFoundTitle();
  return (
    <AuthLayout>
      <AuthHeading
        icon={<SearchX />}
        title={t('notFound.title')}
        description={t('notFound.text')}
      />
      <p className="-mt-3 mb-5">
        <RequestedPath />
      </p>
      <div className="grid gap-2">
        <Button asChild>
          <Link to="/login">
            <LogIn aria-hidden="true" />
            {t('notFound.signIn')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href="/">{t('notFound.toHome')}</a>
        </Button>
      </div>
    </AuthLayout>
  );
}

/**
 * Any address the app has no page at (the server answers it 404 with this app): a signed-in user
 * (or one at the second step, whom the shell holds there) gets the screen inside the shell (its
 * catch-all child renders in the shell's outlet); a visitor gets it in the sign-in pages' frame.
 */
export function NotFoundRoute() {
  const session = useAuthState();
  if (session.isError && session.data === undefined) {
    return <SessionUnavailable onRetry={() => void session.refetch()} />;
  }
  if (session.isPending) return <SessionSkeleton />;
  return session.data ? <AppLayout /> : <VisitorNotFound />;
}
