import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDbKind } from '../../testing/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('GET /api/v1/health answers ok with the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('GET /api/v1/ready checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'up', kind: testDbKind() } },
    });
  });

  it('ready answers 503 when the database is down while health stays 200', async () => {
    const other = await createTestApp();
    try {
      await other.testDb.destroy();
      const ready = await other.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: { status: 'down' } },
      });
      const health = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
