import { withScopeParams } from '@/web/lib/scope-params';

/** Path segments with a translated label (spec 002, section 2); others are prettified. */
export const KNOWN_SEGMENTS = [
  'dashboard',
  'assets',
  'overview',
  'market',
  'crypto',
  'real-estate',
  'crowdfunding',
  'savings',
  'goals',
  'settings',
  'security',
  'account',
  'preferences',
  'notifications',
  'theme',
  'privacy',
  'subscription',
  'integrations',
  'api-keys',
  'reports',
  'analytics',
  'import-export',
  'tax-reports',
  'projections',
  'wealth-projection',
  'transactions',
  'profile',
  'parser',
  'portfolio-comparison',
  'accounts',
  'portfolio',
  'portfolio-management',
  'accept-invitation',
  'tools',
  'admin',
  'users',
  'feature-flags',
  'invites',
  'audit',
  'mfa-debug',
  'seo-tools',
  'device-location',
  'market-data',
  'mail',
] as const;

export type KnownSegment = (typeof KNOWN_SEGMENTS)[number];

export type Translate = (key: string) => string;

export type BreadcrumbItem =
  | { kind: 'home'; href: string }
  | { kind: 'portfolio'; label: string }
  | {
      kind: 'segment';
      segment: string;
      label: string;
      /** null for the current page, and for a level that has no page of its own. */
      href: string | null;
      current: boolean;
    };

type BreadcrumbInput = {
  pathname: string;
  search: string;
  /** Translates keys of the `shell` namespace. */
  t: Translate;
  portfolioName?: string | null;
  /** When given, intermediate levels without a page (e.g. /settings) show as text, not dead links. */
  hasPage?: (path: string) => boolean;
  /**
   * When given, an address it does not know (the app has no page there: /dashbord) reads
   * 'Page not found', never the mistyped words as if they named a page.
   */
  isKnownPath?: (pathname: string) => boolean;
};

export function isKnownSegment(segment: string): segment is KnownSegment {
  return (KNOWN_SEGMENTS as readonly string[]).includes(segment);
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** "my-first-goal" → "My first goal". */
export function prettifySegment(segment: string) {
  const text = decode(segment).replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function segmentLabel(segment: string, t: Translate) {
  if (isKnownSegment(segment)) return t(`breadcrumb.segments.${segment}`);
  // An id (/portfolio/<uuid>) means nothing to a reader: the page's own heading names it.
  if (UUID.test(segment)) return t('breadcrumb.details');
  return prettifySegment(segment);
}

/**
 * Home, then the active portfolio's name, then one item per path segment; the last one is the
 * current page. Nothing on the root path. Links keep the `portfolio` and `sim` parameters.
 */
export function buildBreadcrumb({
  pathname,
  search,
  t,
  portfolioName,
  hasPage,
  isKnownPath,
}: BreadcrumbInput): BreadcrumbItem[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [];

  const items: BreadcrumbItem[] = [{ kind: 'home', href: withScopeParams('/dashboard', search) }];
  if (isKnownPath && !isKnownPath(pathname)) {
    items.push({
      kind: 'segment',
      segment: '',
      label: t('breadcrumb.notFound'),
      href: null,
      current: true,
    });
    return items;
  }
  const name = portfolioName?.trim();
  if (name) items.push({ kind: 'portfolio', label: name });

  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const current = index === segments.length - 1;
    const linkable = !current && (hasPage ? hasPage(path) : true);
    items.push({
      kind: 'segment',
      segment,
      label: segmentLabel(segment, t),
      href: linkable ? withScopeParams(path, search) : null,
      current,
    });
  });
  return items;
}
