import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ConnectionErrorCard } from '@/web/components/errors/error-card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { PendingDeletionScreen, safeNextPath } from '@/web/features/auth';
import { hasSignedInHint, useAuthState, useSession } from '@/web/lib/session';

/** The page layout is known while the session loads: show its shape, not a spinner. */
export function ShellSkeleton() {
  return (
    <div className="flex min-h-dvh" aria-busy="true">
      <div className="hidden w-64 shrink-0 flex-col gap-3 border-r bg-sidebar p-4 sm:flex">
        <Skeleton className="h-8 w-32" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="ml-auto h-8 w-56" />
        </div>
        <div className="grid gap-4 p-6 md:grid-cols-3">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
          <Skeleton className="h-64 md:col-span-3" />
        </div>
      </div>
    </div>
  );
}

/**
 * While it is not known yet whether anyone is signed in: the shell's shape in a browser the app
 * has seen signed in, else a plain page (a visitor never sees a shell flash by).
 */
export function SessionSkeleton() {
  return hasSignedInHint() ? (
    <ShellSkeleton />
  ) : (
    <div className="min-h-dvh bg-background" aria-busy="true" />
  );
}

/**
 * The session could not be read (offline, server down). It takes the retry from its parent: a
 * second observer of the failed query would refetch on mount, over and over.
 */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <ConnectionErrorCard onRetry={onRetry} />
    </div>
  );
}

/**
 * Sign-in pages (/login, /register, /forgot-password) send a signed-in visitor on: to ?next= when
 * it is a same-site path (the one check the sign-in form uses too), otherwise to the dashboard.
 * They render at once. A session waiting for its second step counts: the signed-in area holds it
 * on the two-factor screen.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useAuthState();
  const [params] = useSearchParams();
  if (session.data) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  return children;
}

/** Signed-in pages: a skeleton while the session loads, /login (coming back here after) when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAuthState();
  const location = useLocation();
  // A failed refresh keeps the session it had (offline: the last visit's, read-only).
  if (session.isError && session.data === undefined) {
    return <SessionUnavailable onRetry={() => void session.refetch()} />;
  }
  if (session.isPending) return <ShellSkeleton />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Navigate
        to={next === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(next)}`}
        replace
      />
    );
  }
  return children;
}

/**
 * A path that names no page of its own (/app-shell, where the service worker copies the shell
 * from): the dashboard when signed in, otherwise the sign-in page.
 */
export function HomeRedirect() {
  const session = useAuthState();
  if (session.isError && session.data === undefined) {
    return <SessionUnavailable onRetry={() => void session.refetch()} />;
  }
  if (session.isPending) return <ShellSkeleton />;
  return <Navigate to={session.data ? '/dashboard' : '/login'} replace />;
}

/**
 * An account waiting for its deletion (the 7-day grace period) sees only the "your account will
 * be deleted" screen: keep it, or sign out. Mount it inside the second-step gate, outside the
 * app shell (it renders a whole page; every other API route refuses the account meanwhile).
 */
export function PendingDeletionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const scheduledFor = session.data?.deletionScheduledFor;
  if (scheduledFor) return <PendingDeletionScreen scheduledFor={scheduledFor} />;
  return children;
}
