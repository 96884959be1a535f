import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/cn';
import { ensureNamespaces } from '@/web/lib/i18n';
import type { ShellUser } from '../header-labels';
import { useHelpShortcut } from '../hooks/use-help-shortcut';
import { useNavigationShortcuts } from '../hooks/use-navigation-shortcuts';
import { type FeatureFlags, isFlagEnabled, type PageLoaders } from '../nav-config';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { SidebarProvider } from './sidebar-provider';

/** The shortcuts help and its texts load the first time "?" is pressed. */
const ShortcutsHelp = lazy(async () => {
  const [module] = await Promise.all([import('./shortcuts-help'), ensureNamespaces(['shortcuts'])]);
  return { default: module.ShortcutsHelp };
});

export type AppShellProps = {
  /** Each existing page's path and its lazy loader (links show only for these and preload them). */
  pages: PageLoaders;
  /** Feature flags by key; undefined while they load (everything shows meanwhile). */
  flags: FeatureFlags;
  /** The active portfolio's name, for the breadcrumb. */
  portfolioName?: string | null;
  /** The signed-in user, for the greeting; nothing shows without one. */
  user?: ShellUser | null;
  /** Unread notifications, for the bell's badge. */
  unreadCount?: number;
  /** Opens the search palette (search field, Ctrl/Cmd+K). */
  onOpenSearch?: () => void;
  /** Opens the notification centre (bell). */
  onOpenNotifications?: () => void;
  /** Far right of the header. */
  userMenu?: ReactNode;
  /** Bottom of the sidebar (the portfolio switcher). */
  sidebarFooter?: ReactNode;
  /** Under the header, above the page (the simulation banner). */
  banner?: ReactNode;
  /**
   * A button floats in the bottom right corner (Admin tools): the page ends with room for it, so
   * its last row (a table's pinned delete action) can scroll clear of it.
   */
  floatingCorner?: boolean;
  children: ReactNode;
};

/** The frame of every signed-in page: skip link, sidebar, header and the main landmark. */
export function AppShell({
  pages,
  flags,
  portfolioName,
  user,
  unreadCount,
  onOpenSearch,
  onOpenNotifications,
  userMenu,
  sidebarFooter,
  banner,
  floatingCorner = false,
  children,
}: AppShellProps) {
  const { t } = useTranslation('shell');
  useNavigationShortcuts(pages);
  const hasPage = useCallback((path: string) => pages.has(path), [pages]);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useHelpShortcut(openHelp);

  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <AppSidebar pages={pages} flags={flags} footer={sidebarFooter} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          flags={flags}
          portfolioName={portfolioName}
          user={user}
          unreadCount={unreadCount}
          onOpenSearch={onOpenSearch}
          onOpenNotifications={onOpenNotifications}
          userMenu={userMenu}
          hasPage={hasPage}
        />
        {banner}
        <main
          id="main"
          tabIndex={-1}
          className={cn('min-w-0 flex-1 px-4 py-6 outline-none sm:px-6', floatingCorner && 'pb-20')}
        >
          {children}
        </main>
      </div>
      {helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutsHelp
            open={helpOpen}
            onOpenChange={setHelpOpen}
            hasPage={hasPage}
            searchEnabled={isFlagEnabled(flags, 'search_bar') && !!onOpenSearch}
          />
        </Suspense>
      ) : null}
    </SidebarProvider>
  );
}
