import { toDay } from '../dates';
import { type DaySeries, seriesFromRecord } from '../series';
import type { ValuationResult, ValuationTransaction } from '../types';

/** A transaction (fees 0 unless given). */
export const tx = (
  date: string,
  type: ValuationTransaction['type'],
  quantity: string,
  price: string,
  extra: Partial<ValuationTransaction> = {},
): ValuationTransaction => ({ date, type, quantity, price, fees: '0', ...extra });

/** A dated series from { date: value }. */
export const series = (points: Record<string, number>): DaySeries => seriesFromRecord(points);

/** The float value of a day in a result's daily arrays (0 outside them). */
export const valueOn = (result: ValuationResult, date: string) =>
  result.daily.value[toDay(date) - result.daily.firstDay] ?? 0;
export const inflowOn = (result: ValuationResult, date: string) =>
  result.daily.inflow[toDay(date) - result.daily.firstDay] ?? 0;
export const outflowOn = (result: ValuationResult, date: string) =>
  result.daily.outflow[toDay(date) - result.daily.firstDay] ?? 0;

/** The sample standard deviation of numbers, annualised with sqrt(365) (the engine's choice). */
export function annualisedStdev(values: number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance * 365);
}
