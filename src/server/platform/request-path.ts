import type { FastifyRequest } from 'fastify';

/** The API's URL prefix; everything under it answers JSON and is checked as an API call. */
export const API_PREFIX = '/api/';

/**
 * A URL's path as the router reads it: without the query string, percent-decoding applied
 * ('/%61pi/v1/x' is '/api/v1/x' to the router, so it must be to every check too).
 */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith(API_PREFIX);
}

/**
 * Whether a request is an API call. The matched route is what decides which handler runs, so it
 * comes first; unmatched requests (404s) are judged on their decoded path. Never test the raw
 * `request.url`: an encoded path reaches API routes while escaping a prefix test.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiPath(decodedPath(request.url));
}

/** The route pattern a request matched ('/api/v1/realtime'), or null for a 404. */
export function routeOf(request: FastifyRequest): string | null {
  return request.routeOptions.url ?? null;
}

/**
 * Whether a request presents a bearer token, a personal API key's scheme (api-key-auth.ts); other
 * schemes, say a proxy's Basic, are not the API's.
 */
export const hasBearer = (request: FastifyRequest): boolean =>
  /^Bearer(\s|$)/i.test(request.headers.authorization ?? '');
