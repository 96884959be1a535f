import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredConsent } from '@/contracts/consent';
import { resetAnalytics } from './analytics';
import { applyConsent } from './tracking';

const CONFIG = { analyticsId: 'G-TEST123', errorReportingDsn: 'https://k@errors.example.com/1' };
const consent = (analytics: boolean, errorMonitoring: boolean): StoredConsent => ({
  analytics,
  errorMonitoring,
  version: '1.0.0',
  date: '2026-11-27T10:00:00.000Z',
});
const gtagScripts = () => document.head.querySelectorAll('script[src*="googletagmanager"]');

function services(privacySignal = false) {
  return {
    privacySignal,
    errorReporting: {
      start: vi.fn(() => Promise.resolve()),
      stop: vi.fn(() => Promise.resolve()),
    },
  };
}

afterEach(() => {
  resetAnalytics();
  document.head.innerHTML = '';
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe('applying the choice', () => {
  it('loads nothing before a choice', () => {
    const s = services();
    const state = applyConsent(null, CONFIG, s, { analytics: false, errors: false });
    expect(state).toEqual({ analytics: false, errors: false });
    expect(gtagScripts()).toHaveLength(0);
    expect(s.errorReporting.start).not.toHaveBeenCalled();
  });

  it('starts each accepted service, and stops it when withdrawn', () => {
    const s = services();
    let state = applyConsent(consent(true, true), CONFIG, s, { analytics: false, errors: false });
    expect(state).toEqual({ analytics: true, errors: true });
    expect(gtagScripts()).toHaveLength(1);
    expect(s.errorReporting.start).toHaveBeenCalledWith(CONFIG.errorReportingDsn);

    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_gid=GA1.1.2; Path=/';
    state = applyConsent(consent(false, false), CONFIG, s, state);
    expect(state).toEqual({ analytics: false, errors: false });
    expect(s.errorReporting.stop).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toMatch(/_ga|_gid/);
  });

  it('keeps analytics off under Do Not Track / GPC, error reports still follow consent', () => {
    const s = services(true);
    const state = applyConsent(consent(true, true), CONFIG, s, { analytics: false, errors: false });
    expect(state).toEqual({ analytics: false, errors: true });
    expect(gtagScripts()).toHaveLength(0);
  });

  it('does nothing outside production (no configuration handed out)', () => {
    const s = services();
    expect(applyConsent(consent(true, true), null, s, { analytics: false, errors: false })).toEqual(
      { analytics: false, errors: false },
    );
    expect(gtagScripts()).toHaveLength(0);
    expect(s.errorReporting.start).not.toHaveBeenCalled();
  });

  it('treats a choice under an older version as none', () => {
    const s = services();
    const old = { ...consent(true, true), version: '0.9.0' };
    expect(applyConsent(old, CONFIG, s, { analytics: false, errors: false })).toEqual({
      analytics: false,
      errors: false,
    });
  });
});
