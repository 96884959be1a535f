import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { trackingSources } from './client-config';
import { AppError } from './errors';
import { isApiRequest } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins allowed to make state-changing API calls: the public URL, and Vite's dev server in development. */
export function allowedOrigins(config: Config): Set<string> {
  const origins = new Set([config.publicUrl.origin]);
  if (config.env === 'development') {
    origins.add('http://localhost:5173');
    origins.add('http://127.0.0.1:5173');
  }
  return origins;
}

/**
 * Refuses requests another site makes on a user's behalf: a state change under /api must come
 * from our own origin (Sec-Fetch-Site, then Origin). Bodies must be JSON (only that parser is
 * installed), which a cross-site HTML form cannot send.
 */
export function isCrossSite(request: FastifyRequest, origins: Set<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin !== undefined && !origins.has(origin)) return true;
  return false;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Analytics and error reporting, when configured (production): loaded only after consent.
  const tracking = trackingSources(config);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tracking.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tracking.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...tracking.connect],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  const origins = allowedOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    if (isCrossSite(request, origins)) {
      request.log.warn(
        { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      throw new AppError('CROSS_SITE_REQUEST');
    }
  });
}
