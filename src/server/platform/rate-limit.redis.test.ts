import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { addLimitedRoute } from '../testing/limited-route';

// Runs when TEST_REDIS_URL is set (CI sets it): vitest.config.ts includes this file only then.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const key = `shared-${randomUUID()}`;

  beforeAll(async () => {
    a = await createTestApp({
      env: { REDIS_URL: redisUrl },
      setup: (app) => addLimitedRoute(app, key),
    });
    b = await createTestApp({
      env: { REDIS_URL: redisUrl },
      setup: (app) => addLimitedRoute(app, key),
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts requests across two API processes', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/__test/limited' })).statusCode).toBe(
      200,
    );
    expect((await b.app.inject({ method: 'GET', url: '/api/v1/__test/limited' })).statusCode).toBe(
      200,
    );
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/__test/limited' })).statusCode).toBe(
      200,
    );
    const refused = await b.app.inject({ method: 'GET', url: '/api/v1/__test/limited' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});
