import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Installs @fastify/rate-limit without a global limit: routes opt in with
 * `config: { rateLimit: { max, timeWindow, keyGenerator? } }`. Counters live in memory, or in
 * Redis when REDIS_URL is set so that every API process shares them.
 * If Redis is unreachable the limit is skipped (and logged) rather than refusing all traffic.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | null) {
  // ioredis is loaded only when Redis is configured: the default starts faster without it.
  const Redis = redisUrl ? (await import('ioredis')).Redis : null;
  const redis =
    redisUrl && Redis
      ? new Redis(redisUrl, {
          connectTimeout: 1_000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          lazyConnect: false,
        })
      : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'cairn:rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

export type Limiter = (request: FastifyRequest) => Promise<void>;

/**
 * A named limit checked by hand inside a handler, for limits keyed on something other than the
 * route and address (an account's email, a code's address). Throws 429 RATE_LIMITED when exceeded.
 */
export function createLimiter(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindowMs: number;
    key: (request: FastifyRequest) => string;
  },
): Limiter {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      request.log.warn({ limit: options.name }, 'rate limit exceeded');
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
    }
  };
}
