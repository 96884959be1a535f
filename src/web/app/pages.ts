/**
 * The signed-in pages that exist, with their code (loaded on first visit or when a sidebar link
 * is hovered). The sidebar shows an entry only for a page listed here.
 */
export const PAGE_LOADERS = {
  '/dashboard': () => import('@/web/features/dashboard/pages/dashboard-page'),
  '/profile': () => import('@/web/features/profile/pages/profile-page'),
  '/assets': () => import('@/web/features/holdings/pages/asset-pages'),
  '/assets/market': () => import('@/web/features/holdings/pages/asset-pages'),
  '/assets/crypto': () => import('@/web/features/holdings/pages/asset-pages'),
  '/assets/real-estate': () => import('@/web/features/holdings/pages/asset-pages'),
  '/assets/crowdfunding': () => import('@/web/features/holdings/pages/asset-pages'),
  '/assets/savings': () => import('@/web/features/holdings/pages/asset-pages'),
  '/transactions': () => import('@/web/features/ledger/pages/transactions-page'),
  '/import-export': () => import('@/web/features/import-export/pages/import-export-page'),
  '/goals': () => import('@/web/features/goals/pages/goals-page'),
  '/wealth-projection': () => import('@/web/features/planning/pages/wealth-projection-page'),
  '/portfolio-management': () =>
    import('@/web/features/portfolios/pages/portfolio-management-page'),
  '/settings/account': () => import('@/web/features/settings/pages/account-settings-page'),
  '/settings/preferences': () => import('@/web/features/settings/pages/preferences-settings-page'),
  '/settings/notifications': () =>
    import('@/web/features/settings/pages/notifications-settings-page'),
  '/settings/theme': () => import('@/web/features/settings/pages/theme-settings-page'),
  '/settings/security': () => import('@/web/features/security/pages/security-settings-page'),
  '/settings/privacy': () => import('@/web/features/settings/pages/privacy-settings-page'),
  '/settings/subscription': () =>
    import('@/web/features/settings/pages/subscription-settings-page'),
  '/settings/integrations': () =>
    import('@/web/features/settings/pages/integrations-settings-page'),
  '/settings/api-keys': () => import('@/web/features/settings/pages/api-keys-settings-page'),
} as const;

export const PAGES: ReadonlyMap<string, () => Promise<unknown>> = new Map(
  Object.entries(PAGE_LOADERS),
);
