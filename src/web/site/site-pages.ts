import { PUBLIC_PAGES, type PublicPage } from '@/contracts/public-pages';

/** The public page a path shows (aliases included), or null. */
export function publicPageFor(pathname: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.find((page) => page.path === path || page.aliases.includes(path)) ?? null;
}
