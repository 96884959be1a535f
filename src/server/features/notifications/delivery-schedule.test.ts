import { describe, expect, it } from 'vitest';
import {
  deliveryDueAt,
  deliveryTimeZone,
  isoWeekKey,
  nextDigestTime,
  quietHoursEnd,
  weeklyInsightsMoment,
  zonedInstant,
} from './delivery-schedule';

const quiet = { enabled: true, start: '22:00', end: '08:00' };
const off = { ...quiet, enabled: false };
const at = (iso: string) => new Date(iso);

describe('time zones', () => {
  it('finds the instant of a wall-clock time, across daylight saving', () => {
    // Paris: UTC+1 in winter, UTC+2 in summer.
    expect(zonedInstant({ year: 2026, month: 11, day: 27 }, 8 * 60, 'Europe/Paris')).toEqual(
      at('2026-11-27T07:00:00Z'),
    );
    expect(zonedInstant({ year: 2026, month: 7, day: 1 }, 8 * 60, 'Europe/Paris')).toEqual(
      at('2026-07-01T06:00:00Z'),
    );
    expect(zonedInstant({ year: 2026, month: 11, day: 27 }, 8 * 60, 'America/New_York')).toEqual(
      at('2026-11-27T13:00:00Z'),
    );
    // 02:30 does not exist in Paris on 29 March 2026: it lands just after the gap.
    expect(
      zonedInstant({ year: 2026, month: 3, day: 29 }, 2 * 60 + 30, 'Europe/Paris').getTime(),
    ).toBeGreaterThanOrEqual(at('2026-03-29T01:00:00Z').getTime());
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(deliveryTimeZone(null)).toBe('UTC');
    expect(deliveryTimeZone('Mars/Olympus')).toBe('UTC');
    expect(deliveryTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('quiet hours', () => {
  it('holds until they end, for a range crossing midnight', () => {
    // 23:30 in Paris (22:30 UTC) -> 08:00 Paris the next morning.
    expect(quietHoursEnd(at('2026-11-26T22:30:00Z'), quiet, 'Europe/Paris')).toEqual(
      at('2026-11-27T07:00:00Z'),
    );
    // 03:00 in Paris -> 08:00 the same morning.
    expect(quietHoursEnd(at('2026-11-27T02:00:00Z'), quiet, 'Europe/Paris')).toEqual(
      at('2026-11-27T07:00:00Z'),
    );
    // 08:00 sharp is outside (the end is excluded), 22:00 sharp inside.
    expect(quietHoursEnd(at('2026-11-27T07:00:00Z'), quiet, 'Europe/Paris')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T21:00:00Z'), quiet, 'Europe/Paris')).not.toBeNull();
    expect(quietHoursEnd(at('2026-11-27T12:00:00Z'), quiet, 'Europe/Paris')).toBeNull();
  });

  it('holds within a range inside one day, and never when off or empty', () => {
    const lunch = { enabled: true, start: '12:00', end: '14:00' };
    expect(quietHoursEnd(at('2026-11-27T12:30:00Z'), lunch, 'UTC')).toEqual(
      at('2026-11-27T14:00:00Z'),
    );
    expect(quietHoursEnd(at('2026-11-27T14:30:00Z'), lunch, 'UTC')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T23:00:00Z'), off, 'UTC')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T23:00:00Z'), { ...quiet, end: '22:00' }, 'UTC')).toBeNull();
  });
});

describe('digests', () => {
  it('daily: the next 08:00 local; weekly: the next Monday 08:00 local', () => {
    // Friday 27 November 2026, 10:00 in Paris.
    const friday = at('2026-11-27T09:00:00Z');
    expect(nextDigestTime(friday, 'daily', 'Europe/Paris')).toEqual(at('2026-11-28T07:00:00Z'));
    expect(nextDigestTime(friday, 'weekly', 'Europe/Paris')).toEqual(at('2026-11-30T07:00:00Z'));
    // Before 08:00: today's.
    expect(nextDigestTime(at('2026-11-27T05:00:00Z'), 'daily', 'Europe/Paris')).toEqual(
      at('2026-11-27T07:00:00Z'),
    );
    // A Monday after 08:00: the next Monday.
    expect(nextDigestTime(at('2026-11-30T08:00:00Z'), 'weekly', 'Europe/Paris')).toEqual(
      at('2026-12-07T07:00:00Z'),
    );
  });

  it('moves a digest time that falls in quiet hours to their end', () => {
    const late = { enabled: true, start: '06:00', end: '09:30' };
    expect(
      deliveryDueAt(at('2026-11-27T12:00:00Z'), {
        frequency: 'daily',
        quiet: late,
        timeZone: 'UTC',
      }),
    ).toEqual(at('2026-11-28T09:30:00Z'));
  });

  it('sends security at once whatever the frequency and quiet hours', () => {
    const night = at('2026-11-27T02:00:00Z');
    expect(
      deliveryDueAt(night, { frequency: 'weekly', quiet, timeZone: 'UTC', immediate: true }),
    ).toEqual(night);
    expect(deliveryDueAt(night, { frequency: 'instant', quiet, timeZone: 'UTC' })).toEqual(
      at('2026-11-27T08:00:00Z'),
    );
  });
});

describe('weeks', () => {
  it('names ISO weeks', () => {
    expect(isoWeekKey({ year: 2026, month: 11, day: 23 })).toBe('2026-W48');
    expect(isoWeekKey({ year: 2026, month: 11, day: 29 })).toBe('2026-W48');
    expect(isoWeekKey({ year: 2027, month: 1, day: 1 })).toBe('2026-W53');
    expect(isoWeekKey({ year: 2025, month: 12, day: 29 })).toBe('2026-W01');
  });

  it('puts the insights moment on Monday 08:00 local of the current week', () => {
    expect(weeklyInsightsMoment(at('2026-11-27T12:00:00Z'), off, 'Europe/Paris')).toEqual({
      periodKey: '2026-W48',
      dueAt: at('2026-11-23T07:00:00Z'),
    });
    // Sunday 23:30 in Paris is still week 48; Monday 00:30 is week 49.
    expect(weeklyInsightsMoment(at('2026-11-29T22:30:00Z'), off, 'Europe/Paris').periodKey).toBe(
      '2026-W48',
    );
    expect(weeklyInsightsMoment(at('2026-11-29T23:30:00Z'), off, 'Europe/Paris').periodKey).toBe(
      '2026-W49',
    );
  });
});
