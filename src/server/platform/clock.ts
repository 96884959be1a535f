/** The time, injectable so tests can move it (token expiry, session lifetimes). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class FakeClock implements Clock {
  constructor(private current = new Date('2026-11-22T09:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
