import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MfaGate } from '@/web/features/auth';
import { PendingDeletionGate } from './guards';
import { useNotificationCentre } from '@/web/features/notifications';
import { PortfolioScope, PortfolioSwitcher, SimulationBanner } from '@/web/features/portfolios';
import { UserMenu } from '@/web/features/profile';
import { SettingsProvider } from '@/web/features/settings';
import { ReadOnlyProvider } from '@/web/components/ui/read-only';
import { OfflineBanner } from '@/web/features/pwa';
import { AppShell, useSidebar } from '@/web/features/shell';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { flagKeys, useFeatureFlags } from '@/web/lib/feature-flags';
import { useOnline } from '@/web/lib/network';
import { ensureNamespaces } from '@/web/lib/i18n';
import {
  realtime,
  useRealtime,
  useRealtimeReconnect,
  useRealtimeSessionEnded,
} from '@/web/lib/realtime';
import { sessionKeys, useSession } from '@/web/lib/session';
import { useSettings } from '@/web/lib/settings';
import { PAGES } from './pages';

/** Admin code and texts load only for admins (the menu renders nothing for anyone else). */
const AdminToolsMenu = lazy(async () => {
  const [module] = await Promise.all([
    import('@/web/features/admin/components/admin-tools-menu'),
    ensureNamespaces(['admin']),
  ]);
  return { default: module.AdminToolsMenu };
});

/** The search palette, its scoring and its texts: fetched once the shell is idle, or on first use. */
const loadSearchPalette = async () => {
  const [module] = await Promise.all([
    import('@/web/features/search/components/search-palette'),
    ensureNamespaces(['search']),
  ]);
  return { default: module.SearchPalette };
};
const SearchPalette = lazy(loadSearchPalette);
const hasPage = (path: string) => PAGES.has(path);

/** Ctrl/Cmd+K and the header's search field open the palette (spec 002, section 2). */
function useSearchPalette() {
  const [open, setOpen] = useState(false);
  const openSearch = useCallback(() => setOpen(true), []);
  useEffect(() => {
    const id = setTimeout(() => void loadSearchPalette().catch(() => undefined), 2_000);
    return () => clearTimeout(id);
  }, []);
  const palette = open ? (
    <Suspense fallback={null}>
      <SearchPalette open={open} onOpenChange={setOpen} hasPage={hasPage} />
    </Suspense>
  ) : null;
  return { openSearch, palette };
}

/** The query-key prefix of the admin area (features/admin/api/queries.ts `adminKeys.all`). */
const ADMIN_KEYS = ['admin'] as const;

/**
 * Keeps what the signed-in area shows in step with the server: the user's own role (an admin's
 * change arrives on `user:<id>`), other admins' changes for admins, and a refetch of all of it
 * when the connection comes back or the server says the session ended.
 */
function useLiveAccount(userId: string | null, isAdmin: boolean) {
  const queryClient = useQueryClient();
  const refreshSession = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  // The socket carries the session it was opened with: another account needs a new one.
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current === userId) return;
    previousUser.current = userId;
    realtime.reset();
  }, [userId]);

  useRealtime(userId ? `user:${userId}` : null, (payload) => {
    if ((payload as { type?: unknown } | null)?.type === 'role') refreshSession();
  });
  useRealtime(isAdmin ? 'admin' : null, () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS });
  });
  useRealtimeReconnect(() => {
    refreshSession();
    void queryClient.invalidateQueries({ queryKey: flagKeys.all });
    if (isAdmin) void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS });
  });
  useRealtimeSessionEnded(refreshSession);
}

/** The portfolio switcher, as an icon in the collapsed rail; a switch closes the mobile sheet. */
function SidebarPortfolioSwitcher() {
  const { isMobile, state, setOpenMobile } = useSidebar();
  return (
    <PortfolioSwitcher
      collapsed={!isMobile && state === 'collapsed'}
      onSwitched={() => setOpenMobile(false)}
    />
  );
}

/** The shell of a signed-in user past the second step. */
function SignedInShell() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const isAdmin = user?.role === 'admin';
  const flags = useFeatureFlags(user !== null);
  useLiveAccount(user?.id ?? null, isAdmin);
  const scope = useOptionalActiveScope();
  // The greeting uses the settings' display name first, like the user menu.
  const displayName = useSettings({ enabled: user !== null }).data?.account.displayName?.trim();
  const search = useSearchPalette();
  const notificationCentre = useNotificationCentre(user?.id ?? null);
  // Offline the app shows the last visit's data: whatever would change something is disabled
  // and says why (the banner says it for the page).
  const online = useOnline();
  const { t } = useTranslation('common');
  return (
    <ReadOnlyProvider reason={online ? null : t('offlineChangeDisabled')}>
      <SettingsProvider>
        <AppShell
          pages={PAGES}
          flags={flags}
          user={user ? { fullName: displayName || user.fullName, email: user.email } : null}
          userMenu={<UserMenu />}
          onOpenSearch={search.openSearch}
          portfolioName={scope?.portfolio?.name}
          sidebarFooter={scope ? <SidebarPortfolioSwitcher /> : null}
          banner={
            <>
              <OfflineBanner />
              {scope ? <SimulationBanner /> : null}
            </>
          }
          floatingCorner={isAdmin}
          unreadCount={notificationCentre.unreadCount}
          onOpenNotifications={notificationCentre.onOpenNotifications}
        >
          <Outlet />
        </AppShell>
        {search.palette}
        {notificationCentre.modal}
        {isAdmin ? (
          <Suspense fallback={null}>
            <AdminToolsMenu />
          </Suspense>
        ) : null}
      </SettingsProvider>
    </ReadOnlyProvider>
  );
}

/** The signed-in area: the second step when it is pending, then the shell around the page. */
export function AppLayout() {
  return (
    <MfaGate>
      <PendingDeletionGate>
        <ScopedShell />
      </PendingDeletionGate>
    </MfaGate>
  );
}

/** The active portfolio and simulation, per user (another account starts afresh). */
function ScopedShell() {
  const userId = useSession().data?.user.id;
  if (!userId) return <SignedInShell />;
  return (
    <PortfolioScope key={userId} userId={userId}>
      <SignedInShell />
    </PortfolioScope>
  );
}
