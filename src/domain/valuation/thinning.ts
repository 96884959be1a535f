/** Points a chart series is thinned to beyond a year (about: see `thinSeries`). */
export const MAX_CHART_POINTS = 500;

/**
 * Thins a series for a chart to at most `maxPoints` points, keeping its shape: the inner points
 * are cut into (maxPoints - 2) / 2 buckets of consecutive points, each bucket keeps its lowest and highest
 * point (in their order), and the first and last points are always kept. So the first, last,
 * minimum and maximum points (of `valueOf`) are never dropped, and every peak and trough of a
 * bucket survives. A series of at most `maxPoints` points is returned unchanged (so thinning twice
 * changes nothing: its result always is that small). Pure: returns a new array of the same
 * point objects.
 */
export function thinSeries<T>(
  points: readonly T[],
  valueOf: (point: T) => number,
  maxPoints = MAX_CHART_POINTS,
): T[] {
  return thinIndices(points.length, (i) => valueOf(points[i] as T), maxPoints).map(
    (index) => points[index] as T,
  );
}

/**
 * The indexes `thinSeries` keeps of a series of `count` points whose values `valueAt` gives
 * (ascending): every index when count <= maxPoints. Lets a caller build only the points kept.
 */
export function thinIndices(
  count: number,
  valueAt: (index: number) => number,
  maxPoints = MAX_CHART_POINTS,
): number[] {
  const n = count;
  if (n <= Math.max(maxPoints, 4)) return Array.from({ length: n }, (_, i) => i);
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const kept: number[] = [0];
  // Inner points 1..n-2 in `buckets` buckets of near-equal size.
  const inner = n - 2;
  for (let b = 0; b < buckets; b += 1) {
    const from = 1 + Math.floor((b * inner) / buckets);
    const to = 1 + Math.floor(((b + 1) * inner) / buckets); // exclusive
    if (from >= to) continue;
    let low = from;
    let high = from;
    let lowValue = valueAt(from);
    let highValue = lowValue;
    for (let i = from + 1; i < to; i += 1) {
      const value = valueAt(i);
      if (value < lowValue) {
        low = i;
        lowValue = value;
      }
      if (value > highValue) {
        high = i;
        highValue = value;
      }
    }
    if (low === high) kept.push(low);
    else if (low < high) kept.push(low, high);
    else kept.push(high, low);
  }
  kept.push(n - 1);
  return kept;
}
