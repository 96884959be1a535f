import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../testing/agent';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.post('/api/v1/__test/change', async () => ({ changed: true }));
    },
  });
});
afterAll(() => t.close());

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('are on successful answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on errors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/missing' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res.headers);
  });

  it('include HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://cairn.example.com' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});

describe('cross-site request refusal', () => {
  const change = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/__test/change', headers });

  it('accepts same-origin state changes', async () => {
    expect(
      (await change({ origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('accepts clients that send neither header (curl, server to server)', async () => {
    expect((await change({})).statusCode).toBe(200);
  });

  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'http://localhost:3000.evil.example' }],
    [{ origin: 'null' }],
  ])('refuses %o with 403 CROSS_SITE_REQUEST', async (headers) => {
    const res = await change(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
    const warning = t.logs.find((line) => line.msg === 'cross-site request refused');
    expect(warning).toMatchObject({ reqId: expect.any(String), time: expect.any(Number) });
  });

  it('lets cross-site reads through (GET is never a state change)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('API paths written with percent-encoding', () => {
  // '/%61pi/v1/...' is '/api/v1/...' to the router: every API check must see it so too.
  it('are refused cross-site like plain ones', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/__test/change',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('are answered with no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carry the session like plain ones', async () => {
    const { agent } = await registerUser(t.app, 'encoded@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/%61pi/v1/auth/session',
      headers: { cookie: agent.cookieHeader() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('encoded@example.com');
  });
});
