import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { isAppPagePath } from '@/contracts/app-pages';
import { buildBreadcrumb, KNOWN_SEGMENTS, prettifySegment } from './breadcrumb';

const en = i18n.getFixedT('en', 'shell');
const fr = i18n.getFixedT('fr', 'shell');

describe('buildBreadcrumb', () => {
  it('is empty on the root path', () => {
    expect(
      buildBreadcrumb({ pathname: '/', search: '?portfolio=p1', t: en, portfolioName: 'Main' }),
    ).toEqual([]);
    expect(buildBreadcrumb({ pathname: '', search: '', t: en })).toEqual([]);
  });

  it('says "Page not found" at an address the app does not know, not the mistyped words', () => {
    expect(
      buildBreadcrumb({
        pathname: '/dashbord',
        search: '?portfolio=p1',
        t: en,
        portfolioName: 'Main',
        isKnownPath: isAppPagePath,
      }),
    ).toEqual([
      { kind: 'home', href: '/dashboard?portfolio=p1' },
      { kind: 'segment', segment: '', label: 'Page not found', href: null, current: true },
    ]);
    const deep = buildBreadcrumb({
      pathname: '/settings/securty',
      search: '',
      t: fr,
      isKnownPath: isAppPagePath,
    });
    expect(deep.map((item) => ('label' in item ? item.label : item.kind))).toEqual([
      'home',
      'Page introuvable',
    ]);
    // A page the app has keeps its levels.
    expect(
      buildBreadcrumb({
        pathname: '/settings/security',
        search: '',
        t: en,
        isKnownPath: isAppPagePath,
      }).map((item) => ('label' in item ? item.label : item.kind)),
    ).toEqual(['home', 'Settings', 'Security']);
  });

  it('starts at home and ends on the current page', () => {
    expect(buildBreadcrumb({ pathname: '/assets/market', search: '', t: en })).toEqual([
      { kind: 'home', href: '/dashboard' },
      { kind: 'segment', segment: 'assets', label: 'Assets', href: '/assets', current: false },
      { kind: 'segment', segment: 'market', label: 'Market', href: null, current: true },
    ]);
  });

  it('puts the active portfolio name after home', () => {
    const items = buildBreadcrumb({
      pathname: '/goals',
      search: '',
      t: en,
      portfolioName: 'Retirement',
    });
    expect(items.map((item) => item.kind)).toEqual(['home', 'portfolio', 'segment']);
    expect(items[1]).toEqual({ kind: 'portfolio', label: 'Retirement' });
    expect(
      buildBreadcrumb({ pathname: '/goals', search: '', t: en, portfolioName: ' ' }),
    ).toHaveLength(2);
  });

  it('capitalises unknown segments and turns dashes into spaces', () => {
    const items = buildBreadcrumb({ pathname: '/goals/my-house-fund', search: '', t: en });
    expect(items.at(-1)).toMatchObject({ label: 'My house fund', current: true });
    expect(prettifySegment('3f2a-77')).toBe('3f2a 77');
    expect(prettifySegment('caf%C3%A9-du-coin')).toBe('Café du coin');
    expect(prettifySegment('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('keeps the portfolio and sim parameters on its links', () => {
    const items = buildBreadcrumb({
      pathname: '/settings/security',
      search: '?portfolio=p1&sim=s2&tab=x',
      t: en,
    });
    expect(items[0]).toEqual({ kind: 'home', href: '/dashboard?portfolio=p1&sim=s2' });
    expect(items[1]).toMatchObject({ label: 'Settings', href: '/settings?portfolio=p1&sim=s2' });
  });

  it('shows levels without a page as text when told which pages exist', () => {
    const items = buildBreadcrumb({
      pathname: '/analytics/portfolio-comparison',
      search: '',
      t: en,
      hasPage: (path) => path === '/analytics/portfolio-comparison',
    });
    expect(items[1]).toMatchObject({ label: 'Analytics', href: null, current: false });
  });

  it('translates every known segment, in English and French', () => {
    for (const segment of KNOWN_SEGMENTS) {
      const [, english] = buildBreadcrumb({ pathname: `/${segment}`, search: '', t: en });
      const [, french] = buildBreadcrumb({ pathname: `/${segment}`, search: '', t: fr });
      expect(english).toMatchObject({ segment, label: expect.not.stringMatching(/breadcrumb\./) });
      expect(french).toMatchObject({ segment, label: expect.not.stringMatching(/breadcrumb\./) });
    }
    const labels = buildBreadcrumb({ pathname: '/assets/real-estate', search: '', t: fr }).map(
      (item) => ('label' in item ? item.label : item.kind),
    );
    expect(labels).toEqual(['home', 'Actifs', 'Immobilier']);
    expect(buildBreadcrumb({ pathname: '/transactions', search: '', t: fr }).at(-1)).toMatchObject({
      label: 'Opérations',
    });
    expect(buildBreadcrumb({ pathname: '/dashboard', search: '', t: fr }).at(-1)).toMatchObject({
      label: 'Tableau de bord',
    });
  });
});
