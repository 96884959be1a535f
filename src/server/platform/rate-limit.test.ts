import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLimitedRoute } from '../testing/limited-route';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ setup: (app) => addLimitedRoute(app, randomUUID()) });
  });
  afterAll(() => t.close());

  it('lets a route opt in and answers 429 RATE_LIMITED past the limit', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await t.app.inject({ method: 'GET', url: '/api/v1/__test/limited' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/__test/limited' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Please try again later.',
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
  });

  it('leaves routes without a limit alone', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    }
  });
});
