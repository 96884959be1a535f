import { ChevronRight } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo, LogoMark } from '@/web/components/brand/logo';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '@/web/components/ui/collapsible';
import { Sheet, SheetContent, SheetTitle } from '@/web/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { cn } from '@/web/lib/cn';
import { navigationShortcutFor } from '../hooks/use-navigation-shortcuts';
import { usePagePreload } from '../hooks/use-page-preload';
import {
  activeItemId,
  type FeatureFlags,
  NAV,
  type NavEntry,
  type NavItem,
  type PageLoaders,
  visibleNav,
} from '../nav-config';
import { withScopeParams } from '@/web/lib/scope-params';
import { SIDEBAR_ID, useSidebar } from './sidebar-provider';

const rowClass =
  'flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-left text-sm text-muted-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:shrink-0';
const activeRowClass = 'bg-sidebar-accent font-medium text-sidebar-accent-foreground';

type LinkContext = {
  search: string;
  activeId: string | undefined;
  collapsed: boolean;
  preload: (path: string) => void;
  onNavigate?: () => void;
};

function SidebarLink({ item, context }: { item: NavItem; context: LinkContext }) {
  const { t } = useTranslation('shell');
  const { search, activeId, collapsed, preload, onNavigate } = context;
  const active = item.id === activeId;
  const label = t(item.labelKey);
  const Icon = item.icon;
  const link = (
    <Link
      to={withScopeParams(item.path, search)}
      aria-current={active ? 'page' : undefined}
      aria-keyshortcuts={navigationShortcutFor(item.path)}
      data-nav-id={item.id}
      onMouseEnter={() => preload(item.path)}
      onFocus={() => preload(item.path)}
      onClick={onNavigate}
      className={cn(rowClass, active && activeRowClass)}
    >
      <Icon aria-hidden="true" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function SidebarGroup({
  group,
  context,
}: {
  group: Extract<NavEntry, { kind: 'group' }>;
  context: LinkContext;
}) {
  const { t } = useTranslation('shell');
  const containsActive = group.items.some((item) => item.id === context.activeId);
  const [open, setOpen] = useState(containsActive);
  // Arriving on one of its pages (shortcut, back button) opens the group.
  const [hadActive, setHadActive] = useState(containsActive);
  if (containsActive !== hadActive) {
    setHadActive(containsActive);
    if (containsActive) setOpen(true);
  }

  const links = group.items.map((item) => (
    <li key={item.id}>
      <SidebarLink item={item} context={context} />
    </li>
  ));

  // The icon rail has no room for headings: the group's pages show as icons, set apart by a line.
  if (context.collapsed) {
    return (
      <div
        role="group"
        aria-label={t(group.labelKey)}
        className="mt-1 border-t border-sidebar-border pt-1"
      >
        <ul className="flex flex-col gap-0.5">{links}</ul>
      </div>
    );
  }

  const Icon = group.icon;
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="group/collapsible">
      <CollapsibleTrigger
        data-nav-group={group.id}
        className={cn(rowClass, containsActive && !open && 'font-medium text-sidebar-foreground')}
      >
        <Icon aria-hidden="true" />
        <span className="flex-1 truncate">{t(group.labelKey)}</span>
        <ChevronRight
          aria-hidden="true"
          className="transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
        />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="mt-0.5 ml-3.5 flex flex-col gap-0.5 border-l border-sidebar-border pl-2">
          {links}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}

type SidebarBodyProps = {
  entries: NavEntry[];
  collapsed: boolean;
  preload: (path: string) => void;
  footer?: ReactNode;
  onNavigate?: () => void;
};

function SidebarBody({ entries, collapsed, preload, footer, onNavigate }: SidebarBodyProps) {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const context: LinkContext = {
    search,
    activeId: activeItemId(NAV, pathname),
    collapsed,
    preload,
    onNavigate,
  };
  return (
    <>
      <div
        className={cn(
          'flex h-14 shrink-0 items-center',
          collapsed ? 'justify-center px-2' : 'px-4 pr-12 sm:pr-4',
        )}
      >
        <Link
          to={withScopeParams('/dashboard', search)}
          onClick={onNavigate}
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {collapsed ? (
            <>
              <LogoMark className="size-6" />
              <span className="sr-only">{t('appName')}</span>
            </>
          ) : (
            <Logo label={t('appName')} />
          )}
        </Link>
      </div>
      <nav
        aria-label={t('sidebar.label')}
        className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-2 py-2"
      >
        <ul className="flex flex-col gap-0.5">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.kind === 'item' ? (
                <SidebarLink item={entry} context={context} />
              ) : (
                <SidebarGroup group={entry} context={context} />
              )}
            </li>
          ))}
        </ul>
      </nav>
      {footer ? <div className="shrink-0 border-t border-sidebar-border p-2">{footer}</div> : null}
    </>
  );
}

export type AppSidebarProps = {
  /** Each existing page's path and its lazy loader: links show only for these, and preload them. */
  pages: PageLoaders;
  /** Feature flags; undefined while they load (every item shows meanwhile). */
  flags: FeatureFlags;
  /** Bottom slot (the portfolio switcher). `useSidebar().state` tells it whether the rail is collapsed. */
  footer?: ReactNode;
};

/**
 * The signed-in navigation: 16rem wide, collapsible to a 3rem icon rail on desktop; an 18rem
 * slide-in sheet under 640 px. Must sit inside <SidebarProvider>.
 */
export function AppSidebar({ pages, flags, footer }: AppSidebarProps) {
  const { t } = useTranslation('shell');
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  const preload = usePagePreload(pages);
  const entries = useMemo(() => visibleNav(pages, flags), [pages, flags]);

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          id={SIDEBAR_ID}
          side="left"
          closeLabel={t('sidebar.close')}
          aria-describedby={undefined}
          // 18rem wide (the sheet is portalled out of the provider, so no CSS variable here).
          className="w-72 max-w-[85vw] border-sidebar-border"
        >
          <SheetTitle className="sr-only">{t('sidebar.title')}</SheetTitle>
          <SidebarBody
            entries={entries}
            collapsed={false}
            preload={preload}
            footer={footer}
            onNavigate={() => setOpenMobile(false)}
          />
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      id={SIDEBAR_ID}
      data-state={state}
      className="sticky top-0 flex h-dvh w-(--sidebar-width) max-w-96 shrink-0 flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out data-[state=collapsed]:w-(--sidebar-width-icon)"
    >
      <SidebarBody
        entries={entries}
        collapsed={state === 'collapsed'}
        preload={preload}
        footer={footer}
      />
    </div>
  );
}
