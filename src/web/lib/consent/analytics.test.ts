import { afterEach, describe, expect, it } from 'vitest';
import {
  analyticsActive,
  analyticsAllowed,
  clearAnalyticsCookies,
  cookieDomains,
  GTAG_URL,
  privacySignalSet,
  resetAnalytics,
  searchTermForAnalytics,
  startAnalytics,
  stopAnalytics,
  trackEvent,
} from './analytics';

type TestWindow = Window & {
  dataLayer?: unknown[];
  gtag?: unknown;
  'ga-disable-G-TEST123'?: boolean;
};
const win = window as TestWindow;

afterEach(() => {
  resetAnalytics();
  delete win.dataLayer;
  delete win.gtag;
  delete win['ga-disable-G-TEST123'];
  document.head.innerHTML = '';
});

describe('the analytics gate', () => {
  it('opens only with an id, consent and no privacy signal', () => {
    const base = { analyticsId: 'G-TEST123', consented: true, privacySignal: false };
    expect(analyticsAllowed(base)).toBe(true);
    expect(analyticsAllowed({ ...base, analyticsId: null })).toBe(false);
    expect(analyticsAllowed({ ...base, consented: false })).toBe(false);
    expect(analyticsAllowed({ ...base, privacySignal: true })).toBe(false);
  });

  it('reads Do Not Track and Global Privacy Control', () => {
    expect(privacySignalSet({ doNotTrack: '1' }, {})).toBe(true);
    expect(privacySignalSet({ doNotTrack: 'yes' }, {})).toBe(true);
    expect(privacySignalSet({ msDoNotTrack: '1' }, {})).toBe(true);
    expect(privacySignalSet({}, { doNotTrack: '1' })).toBe(true);
    expect(privacySignalSet({ globalPrivacyControl: true }, {})).toBe(true);
    expect(privacySignalSet({ doNotTrack: '0', globalPrivacyControl: false }, {})).toBe(false);
    expect(privacySignalSet({ doNotTrack: 'unspecified' }, { doNotTrack: null })).toBe(false);
  });
});

describe('gtag', () => {
  it('loads once, anonymised, without automatic page views', () => {
    startAnalytics('G-TEST123');
    startAnalytics('G-TEST123');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`${GTAG_URL}?id=G-TEST123`);
    const calls = (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual([
      'config',
      'G-TEST123',
      {
        send_page_view: false,
        anonymize_ip: true,
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      },
    ]);
    expect(win['ga-disable-G-TEST123']).toBe(false);
    expect(analyticsActive()).toBe(true);
  });

  it('sends events only while active, and stops with the opt-out flag', () => {
    trackEvent('search', { search_term: 'x' });
    expect(win.dataLayer).toBeUndefined();
    startAnalytics('G-TEST123');
    trackEvent('search', { search_term: 'apple' });
    stopAnalytics('G-TEST123');
    trackEvent('search', { search_term: 'after' });
    const events = (win.dataLayer ?? [])
      .map((args) => Array.from(args as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event');
    expect(events).toEqual([['event', 'search', { search_term: 'apple' }]]);
    expect(win['ga-disable-G-TEST123']).toBe(true);
    expect(analyticsActive()).toBe(false);
  });

  it('cuts search terms to 20 characters', () => {
    expect(searchTermForAnalytics('  apple  ')).toBe('apple');
    expect(searchTermForAnalytics('a very long search query indeed')).toBe('a very long search q');
    expect(searchTermForAnalytics('a very long search query indeed')).toHaveLength(20);
  });
});

describe('clearing the analytics cookies', () => {
  it('names this host and each parent domain, not the top-level one', () => {
    expect(cookieDomains('app.cairn.example.com')).toEqual([
      'app.cairn.example.com',
      'cairn.example.com',
      'example.com',
    ]);
    expect(cookieDomains('localhost')).toEqual(['localhost']);
    expect(cookieDomains('127.0.0.1')).toEqual(['127.0.0.1']);
  });

  it('deletes every cookie beginning with _ga or _gid and leaves the others', () => {
    document.cookie = '_ga=GA1.1.123; Path=/';
    document.cookie = '_ga_TEST123=GS1.1.456; Path=/';
    document.cookie = '_gid=GA1.1.789; Path=/';
    document.cookie = 'cc_cookie=keep; Path=/';
    document.cookie = 'cairn_lang=fr; Path=/';
    expect(clearAnalyticsCookies().sort()).toEqual(['_ga', '_ga_TEST123', '_gid']);
    expect(document.cookie.split('; ').sort()).toEqual(['cairn_lang=fr', 'cc_cookie=keep']);
  });

  it('writes a deletion for the host and every parent domain', () => {
    const writes: string[] = [];
    const fake = {
      get cookie() {
        return '_ga=1; other=2; _gid=3';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    } as unknown as Document;
    clearAnalyticsCookies(fake, 'app.cairn.example.com');
    for (const name of ['_ga', '_gid']) {
      const mine = writes.filter((w) => w.startsWith(`${name}=;`));
      expect(mine.some((w) => !w.includes('Domain='))).toBe(true);
      for (const domain of ['app.cairn.example.com', 'cairn.example.com', 'example.com']) {
        expect(mine.some((w) => w.endsWith(`Domain=.${domain}`))).toBe(true);
      }
      expect(mine.every((w) => w.includes('Max-Age=0'))).toBe(true);
    }
    expect(writes.some((w) => w.startsWith('other='))).toBe(false);
  });
});
