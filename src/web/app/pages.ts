/**
 * The signed-in pages that exist, with their code (loaded on first visit or when a sidebar link
 * is hovered). The sidebar shows an entry only for a page listed here.
 */
export const PAGE_LOADERS = {
  '/dashboard': () => import('@/web/features/dashboard/pages/dashboard-page'),
  '/profile': () => import('@/web/features/profile/pages/profile-page'),
  '/settings/security': () => import('@/web/features/security/pages/security-settings-page'),
} as const;

export const PAGES: ReadonlyMap<string, () => Promise<unknown>> = new Map(
  Object.entries(PAGE_LOADERS),
);
