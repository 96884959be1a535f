/**
 * Every path the web app's router shows a page at, besides the public pages (public-pages.ts),
 * including the legacy aliases it redirects. `:name` stands for one path segment. The server
 * answers any other page path with the app's shell and status 404 (the app shows its
 * page-not-found screen); a test walks the router's routes to keep this list equal to them.
 */
export const APP_PAGE_PATHS = [
  // Signed out
  '/setup',
  '/login',
  '/register',
  '/forgot-password',
  '/auth/reset-password',
  '/auth/activate',
  '/auth/confirm-email',
  '/beta/waitlist',
  // The service worker's copy of the shell (precached from here; it must answer 200)
  '/app-shell',
  // Signed in
  '/dashboard',
  '/profile',
  '/portfolio-management',
  '/portfolio/:portfolioId',
  '/accept-invitation',
  '/assets',
  '/assets/market',
  '/assets/crypto',
  '/assets/real-estate',
  '/assets/crowdfunding',
  '/assets/savings',
  '/transactions',
  '/import-export',
  '/goals',
  '/goals/:goalId',
  '/wealth-projection',
  '/market',
  '/crypto',
  '/crowdfunding',
  '/real-estate',
  '/savings',
  '/savings/accounts',
  '/settings',
  '/settings/profile',
  '/settings/account',
  '/settings/preferences',
  '/settings/notifications',
  '/settings/theme',
  '/settings/security',
  '/settings/privacy',
  '/settings/subscription',
  '/settings/integrations',
  '/settings/api-keys',
  '/admin',
  '/admin/users',
  '/admin/feature-flags',
  '/admin/invites',
  '/admin/beta',
  '/admin/audit',
  '/admin/mail',
  '/admin/mfa-debug',
  '/admin/seo-tools',
  '/admin/device-location',
  '/admin/market-data',
] as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const PATTERNS = APP_PAGE_PATHS.map((path) => segmentsOf(path.toLowerCase()));

/**
 * Whether the app's router has a page at this path (no query string). As the router reads it:
 * case-insensitive, a trailing slash ignored, `:name` any one non-empty segment.
 */
export function isAppPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}
