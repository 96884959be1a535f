import { Bell, PanelLeft, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/web/components/language-menu';
import { Button } from '@/web/components/ui/button';
import { Kbd } from '@/web/components/ui/kbd';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { cn } from '@/web/lib/cn';
import { greetingName, type ShellUser, unreadBadge } from '../header-labels';
import { useSearchShortcut } from '../hooks/use-search-shortcut';
import { isApplePlatform } from '../keyboard';
import { type FeatureFlags, isFlagEnabled } from '../nav-config';
import { isAppPagePath } from '@/contracts/app-pages';
import { AppBreadcrumb } from './app-breadcrumb';
import { SIDEBAR_ID, useSidebar } from './sidebar-provider';

/** Expands or collapses the sidebar (opens or closes the sheet on mobile); Ctrl/Cmd+B does the same. */
export function SidebarTrigger({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { isMobile, open, openMobile, toggle } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  const apple = isApplePlatform();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className={cn('text-muted-foreground hover:text-foreground', className)}
          aria-label={t('sidebar.toggle')}
          aria-expanded={expanded}
          // The mobile sheet exists only while open.
          aria-controls={isMobile && !openMobile ? undefined : SIDEBAR_ID}
          aria-keyshortcuts={apple ? 'Meta+B' : 'Control+B'}
          onClick={toggle}
        >
          <PanelLeft aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom" className="flex items-center gap-2">
        {t('sidebar.toggle')}
        <Kbd className="border-background/20 bg-background/15 text-background">
          {t(apple ? 'sidebar.shortcutMac' : 'sidebar.shortcut')}
        </Kbd>
      </TooltipContent>
    </Tooltip>
  );
}

function SearchField({ onOpenSearch }: { onOpenSearch?: () => void }) {
  const { t } = useTranslation('shell');
  const apple = isApplePlatform();
  return (
    <>
      <div className="relative hidden sm:block">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="search"
          readOnly
          aria-label={t('header.search.label')}
          aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
          placeholder={t('header.search.placeholder')}
          onClick={onOpenSearch}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onOpenSearch?.();
          }}
          className="h-8 w-52 cursor-pointer rounded-md border border-input bg-card pr-16 pl-8 text-sm text-foreground shadow-xs outline-none transition-colors placeholder:text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring lg:w-64"
        />
        <Kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2"
        >
          {t(apple ? 'header.search.shortcutMac' : 'header.search.shortcut')}
        </Kbd>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-foreground sm:hidden"
        aria-label={t('header.search.label')}
        aria-haspopup="dialog"
        onClick={onOpenSearch}
      >
        <Search aria-hidden="true" />
      </Button>
    </>
  );
}

function NotificationsButton({
  unreadCount,
  onOpen,
}: {
  unreadCount: number;
  onOpen?: () => void;
}) {
  const { t } = useTranslation('shell');
  const badge = unreadBadge(unreadCount);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative text-muted-foreground hover:text-foreground"
      aria-label={
        badge
          ? t('header.notifications.labelUnread', { count: unreadCount })
          : t('header.notifications.label')
      }
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <Bell aria-hidden="true" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="tabular absolute top-1 left-1/2 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground ring-2 ring-background"
        >
          {badge}
        </span>
      ) : null}
    </Button>
  );
}

function Greeting({ name }: { name: string }) {
  const { t } = useTranslation('shell');
  return (
    <p
      className="hidden max-w-64 truncate text-sm text-muted-foreground md:block"
      data-testid="greeting"
    >
      <Trans
        t={t}
        i18nKey="header.welcome"
        values={{ name }}
        components={{ name: <span className="font-medium text-foreground" /> }}
      />
    </p>
  );
}

export type AppHeaderProps = {
  /** Feature flags; the search field shows when `search_bar` is on (and while flags load). */
  flags: FeatureFlags;
  portfolioName?: string | null;
  user?: ShellUser | null;
  unreadCount?: number;
  onOpenSearch?: () => void;
  onOpenNotifications?: () => void;
  /** Far-right slot (the user menu). */
  userMenu?: ReactNode;
  /** Passed to the breadcrumb: levels without a page show as text. */
  hasPage?: (path: string) => boolean;
};

/**
 * The bar above every signed-in page: sidebar trigger, breadcrumb, greeting, search (Ctrl/Cmd+K),
 * language, notifications and the user menu. Must sit inside <SidebarProvider>.
 */
export function AppHeader({
  flags,
  portfolioName,
  user,
  unreadCount = 0,
  onOpenSearch,
  onOpenNotifications,
  userMenu,
  hasPage,
}: AppHeaderProps) {
  const searchEnabled = isFlagEnabled(flags, 'search_bar');
  useSearchShortcut(searchEnabled, onOpenSearch);
  const name = greetingName(user);

  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <span aria-hidden="true" className="h-4 w-px shrink-0 bg-border" />
      <AppBreadcrumb
        portfolioName={portfolioName}
        hasPage={hasPage}
        isKnownPath={isAppPagePath}
        className="flex-1"
      />
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {name ? <Greeting name={name} /> : null}
        {/* Like sidebar entries, the search field and the bell appear once their feature exists. */}
        {searchEnabled && onOpenSearch ? (
          <div className="sm:mx-2">
            <SearchField onOpenSearch={onOpenSearch} />
          </div>
        ) : null}
        <LanguageMenu compact />
        {onOpenNotifications ? (
          <NotificationsButton unreadCount={unreadCount} onOpen={onOpenNotifications} />
        ) : null}
        {userMenu ? <div className="ml-3 flex items-center">{userMenu}</div> : null}
      </div>
    </header>
  );
}
