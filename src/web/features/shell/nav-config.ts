import {
  ArrowDownUp,
  ArrowLeftRight,
  Bitcoin,
  Building,
  ChartCandlestick,
  ChartLine,
  ChartPie,
  GitCompareArrows,
  HandCoins,
  LayoutDashboard,
  type LucideIcon,
  PiggyBank,
  Target,
  TrendingUp,
  Wallet,
  Wrench,
} from 'lucide-react';

export type FeatureFlags = Record<string, boolean> | undefined;
export type PageLoaders = ReadonlyMap<string, () => Promise<unknown>>;

export type NavItem = {
  id: string;
  path: string;
  /** Key in the `shell` namespace. */
  labelKey: string;
  icon: LucideIcon;
  flag: string;
  /** The page reads portfolio data (used later to prefetch it; nothing visual). */
  needsPortfolioData?: boolean;
};

export type NavGroup = {
  id: string;
  labelKey: string;
  icon: LucideIcon;
  flag: string;
  items: readonly NavItem[];
};

export type NavEntry = ({ kind: 'item' } & NavItem) | ({ kind: 'group' } & NavGroup);

/** The signed-in sidebar (spec 002, section 2; flag names from spec 000, section 3). */
export const NAV: readonly NavEntry[] = [
  {
    kind: 'item',
    id: 'dashboard',
    path: '/dashboard',
    labelKey: 'nav.dashboard',
    icon: LayoutDashboard,
    flag: 'sidebar_dashboard',
  },
  {
    kind: 'item',
    id: 'goals',
    path: '/goals',
    labelKey: 'nav.goals',
    icon: Target,
    flag: 'sidebar_goals',
  },
  {
    kind: 'group',
    id: 'assets',
    labelKey: 'nav.assets',
    icon: Wallet,
    flag: 'sidebar_assets',
    items: [
      {
        id: 'assets-overview',
        path: '/assets',
        labelKey: 'nav.assetsOverview',
        icon: ChartPie,
        flag: 'sidebar_assets_overview',
      },
      {
        id: 'market',
        path: '/assets/market',
        labelKey: 'nav.market',
        icon: ChartCandlestick,
        flag: 'sidebar_assets_market',
        needsPortfolioData: true,
      },
      {
        id: 'crypto',
        path: '/assets/crypto',
        labelKey: 'nav.crypto',
        icon: Bitcoin,
        flag: 'sidebar_assets_crypto',
        needsPortfolioData: true,
      },
      {
        id: 'real-estate',
        path: '/assets/real-estate',
        labelKey: 'nav.realEstate',
        icon: Building,
        flag: 'sidebar_assets_real_estate',
        needsPortfolioData: true,
      },
      {
        id: 'crowdfunding',
        path: '/assets/crowdfunding',
        labelKey: 'nav.crowdfunding',
        icon: HandCoins,
        flag: 'sidebar_assets_crowdfunding',
        needsPortfolioData: true,
      },
      {
        id: 'savings',
        path: '/assets/savings',
        labelKey: 'nav.savings',
        icon: PiggyBank,
        flag: 'sidebar_assets_savings',
        needsPortfolioData: true,
      },
      {
        id: 'transactions',
        path: '/transactions',
        labelKey: 'nav.transactions',
        icon: ArrowLeftRight,
        flag: 'sidebar_transactions',
      },
    ],
  },
  {
    kind: 'group',
    id: 'analytics',
    labelKey: 'nav.analytics',
    icon: ChartLine,
    flag: 'sidebar_analytics',
    items: [
      {
        id: 'wealth-projection',
        path: '/wealth-projection',
        labelKey: 'nav.wealthProjection',
        icon: TrendingUp,
        flag: 'sidebar_analytics_wealth_projection',
      },
      {
        id: 'portfolio-comparison',
        path: '/analytics/portfolio-comparison',
        labelKey: 'nav.portfolioComparison',
        icon: GitCompareArrows,
        flag: 'sidebar_analytics_portfolio_comparison',
      },
    ],
  },
  {
    kind: 'group',
    id: 'tools',
    labelKey: 'nav.tools',
    icon: Wrench,
    flag: 'sidebar_tools',
    items: [
      {
        id: 'import-export',
        path: '/import-export',
        labelKey: 'nav.importExport',
        icon: ArrowDownUp,
        flag: 'sidebar_tools_import_export',
      },
    ],
  },
];

/** While flags load (undefined) everything shows; a flag missing from the record counts as on. */
export function isFlagEnabled(flags: FeatureFlags, key: string) {
  return flags?.[key] !== false;
}

function isItemVisible(item: NavItem, pages: PageLoaders, flags: FeatureFlags) {
  return pages.has(item.path) && isFlagEnabled(flags, item.flag);
}

/**
 * The entries to show: items whose page exists and whose flag is on; groups whose own flag is on
 * and that keep at least one visible item.
 */
export function visibleNav(
  pages: PageLoaders,
  flags: FeatureFlags,
  nav: readonly NavEntry[] = NAV,
): NavEntry[] {
  const visible: NavEntry[] = [];
  for (const entry of nav) {
    if (entry.kind === 'item') {
      if (isItemVisible(entry, pages, flags)) visible.push(entry);
      continue;
    }
    if (!isFlagEnabled(flags, entry.flag)) continue;
    const items = entry.items.filter((item) => isItemVisible(item, pages, flags));
    if (items.length > 0) visible.push({ ...entry, items });
  }
  return visible;
}

function allItems(nav: readonly NavEntry[]): NavItem[] {
  return nav.flatMap((entry) => (entry.kind === 'item' ? [entry] : entry.items));
}

function matches(path: string, pathname: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The item for the current page: the one whose path is the longest prefix of `pathname`
 * (/assets/market is Market, not Overview; /goals/42 is Goals).
 */
export function activeItemId(nav: readonly NavEntry[], pathname: string): string | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: NavItem | undefined;
  for (const item of allItems(nav)) {
    if (matches(item.path, normalised) && (!best || item.path.length > best.path.length))
      best = item;
  }
  return best?.id;
}
