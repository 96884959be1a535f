import Bowser from 'bowser';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';

export type DeviceInfo = {
  browser: string | null;
  os: string | null;
  deviceType: DeviceType;
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  timeZone: string | null;
  language: string;
};

const DEVICE_TYPES: readonly DeviceType[] = ['desktop', 'mobile', 'tablet', 'tv'];

/** The browser's time zone ('Europe/Paris'), or null when the platform does not say. */
export function currentTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A place guessed from an IANA time zone, when the address cannot be located:
 * 'Europe/Paris' → { city: 'Paris', region: 'Europe' }; 'America/Argentina/Buenos_Aires' →
 * Buenos Aires, America. Zones without a city ('UTC', 'Etc/GMT+2') give null.
 */
export function guessPlaceFromTimeZone(
  timeZone: string | null,
): { city: string; region: string } | null {
  if (!timeZone) return null;
  const parts = timeZone.split('/').filter(Boolean);
  const region = parts[0];
  const city = parts.at(-1);
  if (parts.length < 2 || !region || !city || region === 'Etc') return null;
  return { city: city.replace(/_/g, ' '), region: region.replace(/_/g, ' ') };
}

/** What this browser says about itself (spec 000, section 3: device info). */
export function readDeviceInfo(): DeviceInfo {
  const userAgent = navigator.userAgent;
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const type = parsed.platform.type as DeviceType | undefined;
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null,
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}`
      : null,
    deviceType: type && DEVICE_TYPES.includes(type) ? type : 'unknown',
    userAgent,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timeZone: currentTimeZone(),
    language: navigator.language,
  };
}
