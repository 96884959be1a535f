import Bowser from 'bowser';

export type DeviceInfo = { browser: string | null; os: string | null; device: string | null };

/** Browser, operating system and device kind from a User-Agent header (for sessions and sign-in notices). */
export function describeDevice(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null,
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
      : null,
    device: parsed.platform.type ?? null,
  };
}
