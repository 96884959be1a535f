/**
 * US market hours (spec 002, "Market data"): 09:30 to 16:00 New York time, Monday to Friday.
 * Exchange holidays are not known here: on a holiday the market counts as open and the quote
 * refresh finds no new price. The time zone (and its daylight saving changes) comes from Intl.
 */

export const US_MARKET_TIME_ZONE = 'America/New_York';
/** Minutes after midnight, New York time. */
export const US_MARKET_OPEN_MINUTE = 9 * 60 + 30;
export const US_MARKET_CLOSE_MINUTE = 16 * 60;

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: US_MARKET_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The weekday (1 = Monday ... 7 = Sunday) and minute of the day in New York at `at`. */
export function newYorkTime(at: Date): { weekday: number; minute: number } {
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const part of newYork.formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { weekday, minute: hour * 60 + minute };
}

/** True from 09:30 (included) to 16:00 (excluded) New York time, Monday to Friday. */
export function isUsMarketOpen(at: Date): boolean {
  const { weekday, minute } = newYorkTime(at);
  return (
    weekday >= 1 &&
    weekday <= 5 &&
    minute >= US_MARKET_OPEN_MINUTE &&
    minute < US_MARKET_CLOSE_MINUTE
  );
}
