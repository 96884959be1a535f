import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@/contracts/errors';
import { type Agent, registerUser } from '../testing/agent';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * What the framework refuses before a route runs (an over-long path id, a bad URL, bad JSON, a
 * body too large or of another type) answers the documented error envelope with a 4xx, like
 * every other refusal (docs/api.md), never Fastify's own body or a 5xx.
 */

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await registerUser(t.app, 'framework@example.com'));
});
afterAll(() => t.close());

function expectEnvelope(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = errorResponseSchema.parse(res.json());
  expect(body.error.code).toBe(code);
  return body;
}

describe('framework-level refusals', () => {
  it('an id longer than any route allows answers 404 NOT_FOUND in the envelope', async () => {
    for (const url of [
      `/api/v1/holdings/${'a'.repeat(150)}`,
      `/api/v1/portfolios/${'9'.repeat(5_000)}/holdings`,
      `/api/v1/transactions/${'%00'.repeat(150)}`,
    ]) {
      expectEnvelope(await agent.get(url), 404, 'NOT_FOUND');
      expectEnvelope(await agent.delete(url), 404, 'NOT_FOUND');
    }
  });

  it('a path id that is not an id answers 400 VALIDATION_ERROR', async () => {
    for (const id of ['%00', 'abc', '%F0%9F%92%B6', '..%2F..', 'x%00y'])
      expectEnvelope(await agent.get(`/api/v1/holdings/${id}`), 400, 'VALIDATION_ERROR');
  });

  it('a malformed URL answers 400 BAD_REQUEST in the envelope', async () => {
    expectEnvelope(await agent.get('/api/v1/holdings/%E0%A4%A'), 400, 'BAD_REQUEST');
    expectEnvelope(await agent.delete('/api/v1/transactions/%ZZ'), 400, 'BAD_REQUEST');
  });

  it('NUL or a lone surrogate in a query parameter answers 400 with the text rule', async () => {
    for (const value of ['%00', 'a%00b', '%F0%9F%92%B6%00']) {
      const res = await agent.get(`/api/v1/dev/outbox?to=${value}`);
      expect(res.statusCode).toBe(400);
      errorResponseSchema.parse(res.json());
    }
    const res = await agent.get('/api/v1/dev/outbox?to=a%00b');
    expect(res.json().error.message).toBe('to: This text contains characters that cannot be saved');
  });

  it('bad JSON, another body type, an empty JSON body and a body too large answer 4xx envelopes', async () => {
    const json = { 'content-type': 'application/json' };
    expectEnvelope(
      await agent.post('/api/v1/portfolios', '{"name":', { headers: json }),
      400,
      'BAD_REQUEST',
    );
    expectEnvelope(
      await agent.post('/api/v1/portfolios', 'name=x', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectEnvelope(
      await agent.post('/api/v1/portfolios', '', { headers: json }),
      400,
      'BAD_REQUEST',
    );
    expectEnvelope(
      await agent.post('/api/v1/portfolios', `{"name":"${'x'.repeat(1_100_000)}"}`, {
        headers: json,
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectEnvelope(
      await agent.post('/api/v1/portfolios', '{"__proto__":{"x":1},"name":"p"}', { headers: json }),
      400,
      'BAD_REQUEST',
    );
    // A lone surrogate reaches the server only as a JSON escape: the text rule refuses it.
    const lone = expectEnvelope(
      await agent.post('/api/v1/portfolios', '{"name":"Savings \\ud800"}', { headers: json }),
      400,
      'VALIDATION_ERROR',
    );
    expect(lone.error.message).toBe('name: This text contains characters that cannot be saved');
  });
});
