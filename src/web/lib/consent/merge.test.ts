import { describe, expect, it } from 'vitest';
import type { ConsentRecord, StoredConsent } from '@/contracts/consent';
import { mergeConsent } from './merge';

const local = (over: Partial<StoredConsent> = {}): StoredConsent => ({
  analytics: true,
  errorMonitoring: false,
  version: '1.0.0',
  date: '2026-11-20T10:00:00.000Z',
  ...over,
});
const account = (over: Partial<ConsentRecord> = {}): ConsentRecord => ({
  analytics: false,
  errorMonitoring: true,
  termsVersion: '1.0.0',
  privacyVersion: '1.0.0',
  consentDate: '2026-11-10T10:00:00.000Z',
  current: true,
  ...over,
});

describe('merging the account and the browser', () => {
  it('applies the account choice on a new device (no cookie): no banner', () => {
    expect(mergeConsent(null, account())).toEqual({
      action: 'apply',
      choice: { analytics: false, errorMonitoring: true },
      date: new Date('2026-11-10T10:00:00.000Z'),
    });
  });

  it('records the browser choice on an account without one', () => {
    expect(mergeConsent(local(), null)).toEqual({
      action: 'save',
      choice: { analytics: true, errorMonitoring: false },
    });
  });

  it('lets the more recent choice win when they differ', () => {
    expect(mergeConsent(local(), account()).action).toBe('save');
    expect(mergeConsent(local({ date: '2026-11-01T00:00:00.000Z' }), account()).action).toBe(
      'apply',
    );
  });

  it('does nothing when they agree or neither is current', () => {
    expect(mergeConsent(local({ analytics: false, errorMonitoring: true }), account())).toEqual({
      action: 'none',
    });
    expect(mergeConsent(null, null)).toEqual({ action: 'none' });
    expect(mergeConsent(local({ version: '0.9.0' }), account({ current: false }))).toEqual({
      action: 'none',
    });
  });

  it('treats a choice under an older version as none', () => {
    expect(mergeConsent(local({ version: '0.9.0' }), account()).action).toBe('apply');
    expect(mergeConsent(local(), account({ current: false, privacyVersion: '0.9.0' })).action).toBe(
      'save',
    );
  });
});
