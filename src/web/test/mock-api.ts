import { vi } from 'vitest';
import type { Factor, PendingSession, SignedInSession, User } from '@/contracts/auth';

export type ApiCall = { method: string; path: string; body: unknown };
export type Reply = { status?: number; body?: unknown };
type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

function json(status: number, body: unknown) {
  // A 204 has no body (a Response refuses one).
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An API error answer, as the server sends it. */
export function apiError(status: number, code: string, details: unknown = null): Reply {
  return { status, body: { error: { code, message: code, details } } };
}

/**
 * Answers fetch calls to /api/v1 from a table keyed 'METHOD /path' (query string ignored, unless
 * the key has one). Unknown calls answer 404. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}${url.search}`] ?? routes[`${method} ${path}`];
    if (!route)
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found', details: null } });
    const reply = typeof route === 'function' ? await route(call) : route;
    // No body given: `{ ok: true }`; an explicit null is answered as JSON null.
    return json(reply.status ?? 200, reply.body === undefined ? { ok: true } : reply.body);
  });
  return {
    spy,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export const testUser: User = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  avatarUrl: null,
  role: 'user',
  emailConfirmedAt: '2026-01-02T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
};

export function testFactor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    friendlyName: 'Phone',
    factorType: 'totp',
    status: 'verified',
    createdAt: '2026-01-03T10:00:00.000Z',
    ...overrides,
  };
}

export function testSession(overrides: Partial<SignedInSession> = {}): SignedInSession {
  return {
    user: testUser,
    aal: 'aal1',
    mfa: { pending: false, bypass: false },
    ...overrides,
  };
}

/** A session waiting for its second step, as the server sends it: no user, the factors. */
export function testPendingSession(factors: Factor[] = [testFactor()]): PendingSession {
  return { aal: 'aal1', mfa: { pending: true, bypass: false }, factors };
}
