/** Where a sign-in goes when no (usable) ?next= is given. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The ?next= target after sign-in, only when it is a path on this site ('/portfolio/1?x=2#y');
 * absolute URLs, protocol-relative ('//evil.test') and backslash tricks fall back to the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(next)) return DEFAULT_AFTER_SIGN_IN;
  try {
    const base = 'https://cairn.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_AFTER_SIGN_IN;
    if (url.pathname === '/login') return DEFAULT_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}
