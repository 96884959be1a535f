import type { App } from '../app';

/** A route limited to 3 requests a minute under one shared key, for rate-limit tests. */
export function addLimitedRoute(app: App, key: string) {
  app.get(
    '/api/v1/__test/limited',
    { config: { rateLimit: { max: 3, timeWindow: '1 minute', keyGenerator: () => key } } },
    async () => ({ ok: true }),
  );
}
