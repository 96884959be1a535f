import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { AppError, joinIssues } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      const routes = app.withTypeProvider<ZodTypeProvider>();
      routes.post(
        '/api/v1/__test/echo',
        {
          schema: {
            body: z.object({
              email: z.email('Invalid email format'),
              profile: z.object({ age: z.number().int().min(18, 'Must be an adult') }),
            }),
          },
        },
        async (request) => request.body,
      );
      routes.get('/api/v1/__test/app-error', async () => {
        throw new AppError('CONFLICT', { resource: 'portfolio' }, 'Portfolio name already used');
      });
      routes.get('/api/v1/__test/crash', async () => {
        throw new Error('database password is hunter2 and table secret_stuff is gone');
      });
    },
  });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, ...headers },
  });

describe('error envelope', () => {
  it('maps an AppError to its status with code, message and details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__test/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Portfolio name already used',
        details: { resource: 'portfolio' },
      },
    });
  });

  it("turns zod failures into 400 VALIDATION_ERROR joined as 'path: message, ...'", async () => {
    const res = await post('/api/v1/__test/echo', { email: 'nope', profile: { age: 12 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toBe('email: Invalid email format, profile.age: Must be an adult');
    expect(body.error.details.issues).toEqual([
      { path: 'email', message: 'Invalid email format' },
      { path: 'profile.age', message: 'Must be an adult' },
    ]);
  });

  it('accepts a valid body', async () => {
    const res = await post('/api/v1/__test/echo', { email: 'a@b.co', profile: { age: 40 } });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown errors with a generic 500 and keeps the details in the log only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'UNKNOWN_ERROR', message: 'An unexpected error occurred', details: null },
    });
    expect(res.body).not.toContain('hunter2');
    const logged = t.logs.find((line) => line.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('secret_stuff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'Not found',
        details: { method: 'GET', path: '/api/v1/does-not-exist' },
      },
    });
  });

  it('accepts JSON bodies only (415 otherwise)', async () => {
    const res = await post('/api/v1/__test/echo', 'email=a@b.co', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const plain = await post('/api/v1/__test/echo', 'hello', { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(415);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await post('/api/v1/__test/echo', '{"email":', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const big = JSON.stringify({
      email: 'a@b.co',
      profile: { age: 30 },
      pad: 'x'.repeat(1_100_000),
    });
    const res = await post('/api/v1/__test/echo', big, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('marks API answers as not cacheable and carries the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__test/app-error' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('joinIssues', () => {
  it('joins with comma and space and leaves root issues unprefixed', () => {
    expect(
      joinIssues([
        { path: 'a', message: 'x' },
        { path: '', message: 'y' },
      ]),
    ).toBe('a: x, y');
  });
});
