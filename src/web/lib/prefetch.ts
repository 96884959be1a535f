/**
 * Whether code may be fetched ahead of need (spec 002: prefetch only on a 4g or 3g connection,
 * without data saver, with at least 4 GB of device memory). Browsers that do not report the
 * connection or the memory (Firefox, Safari) are not held back by what they do not say.
 */
type NetworkNavigator = Navigator & {
  connection?: { effectiveType?: string; saveData?: boolean };
  deviceMemory?: number;
};

export function canPrefetch(nav: Navigator = navigator): boolean {
  const { connection, deviceMemory } = nav as NetworkNavigator;
  if (connection?.saveData) return false;
  const type = connection?.effectiveType;
  if (type !== undefined && type !== '4g' && type !== '3g') return false;
  if (deviceMemory !== undefined && deviceMemory < 4) return false;
  return true;
}
