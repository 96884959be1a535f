import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetching a URL a user typed, from the server, without letting it reach what only the server can
 * reach (server-side request forgery): http and https only, on their standard ports, to public
 * addresses only. The address is checked when the connection is made (the resolver's answer, so a
 * name that resolves to a private address is refused, whatever it said a moment before) and again
 * for every redirect. Answers are capped in size and time.
 */

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, or ::ffff:7f00:1 as URLs write it) is
  // judged as the IPv4 address.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return isPrivateAddress(dotted);
  const [, highHex, lowHex] = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address) ?? [];
  if (highHex && lowHex) {
    const high = parseInt(highHex, 16);
    const low = parseInt(lowHex, 16);
    return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Names that only ever lead to the local machine or a private network, whatever a resolver says:
 * `localhost` and its subdomains (RFC 6761), multicast DNS `.local` (RFC 6762), `.home.arpa`
 * (RFC 8375), `.internal` (reserved for private use by ICANN in 2024), the common `.localdomain`
 * and `.lan`, and single-label names (an intranet's search domain completes them).
 */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain|lan)$/;

/**
 * True when a URL's host (a name, or an address written as one; brackets and trailing dots
 * allowed) is private by its very form: a private address, or a private name. A public-looking
 * name may still resolve to a private address: `guardedLookup` judges that when connecting.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (host === '') return true;
  if (isIP(host)) return isPrivateAddress(host);
  return !host.includes('.') || PRIVATE_NAME.test(host);
}

export class RemoteFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

export type RemoteFetchOptions = {
  /** Private and loopback addresses and any port (tests, or a self-hoster's own network). */
  allowPrivateNetworks?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
};

/** A DNS lookup that refuses names resolving to a private address (for agents that send to users' URLs). */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const publicOnes = addresses.filter((entry) => !isPrivateAddress(entry.address));
    if (publicOnes.length !== addresses.length || publicOnes.length === 0) {
      return callback(new RemoteFetchError(`${hostname} is not a public address`), '', 0);
    }
    if (options.all) return callback(null, publicOnes as never, 0);
    const [first] = publicOnes;
    if (!first) return callback(new RemoteFetchError(`${hostname} has no address`), '', 0);
    return callback(null, first.address, first.family);
  });
};

function checkedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteFetchError('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RemoteFetchError(`scheme ${url.protocol} is not fetched`);
  }
  if (url.username || url.password) throw new RemoteFetchError('credentials in the URL');
  if (!allowPrivate) {
    if (url.port !== '') throw new RemoteFetchError('only standard ports are fetched');
    if (isPrivateHost(url.hostname)) {
      throw new RemoteFetchError(`${url.hostname} is not a public address`);
    }
  }
  return url;
}

function getOnce(url: URL, options: Required<RemoteFetchOptions>): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        ...(options.allowPrivateNetworks ? {} : { lookup: guardedLookup }),
        headers: { accept: 'image/*', 'user-agent': 'Cairn' },
        timeout: options.timeoutMs,
      },
      resolve,
    );
    request.on('timeout', () => request.destroy(new RemoteFetchError('timed out')));
    request.on('error', reject);
  });
}

function readBody(response: IncomingMessage, maxBytes: number, timeoutMs: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => response.destroy(new RemoteFetchError('timed out')), timeoutMs);
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy(new RemoteFetchError(`larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    response.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The body of a URL a user gave (see the module's rules); throws RemoteFetchError otherwise. */
export async function fetchRemote(raw: string, options: RemoteFetchOptions = {}): Promise<Buffer> {
  const settings: Required<RemoteFetchOptions> = {
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRedirects: options.maxRedirects ?? 3,
  };
  let url = checkedUrl(raw, settings.allowPrivateNetworks);
  for (let redirects = 0; ; redirects += 1) {
    const response = await getOnce(url, settings);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= settings.maxRedirects) throw new RemoteFetchError('too many redirects');
      url = checkedUrl(
        new URL(response.headers.location, url).toString(),
        settings.allowPrivateNetworks,
      );
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new RemoteFetchError(`answered ${status}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > settings.maxBytes) {
      response.destroy();
      throw new RemoteFetchError(`larger than ${settings.maxBytes} bytes`);
    }
    return readBody(response, settings.maxBytes, settings.timeoutMs);
  }
}
