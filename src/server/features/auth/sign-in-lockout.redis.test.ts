import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../platform/clock';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEVICE_COOKIE, SIGN_IN_POLICY } from './sign-in-guard';

// Runs when TEST_REDIS_URL is set (CI sets it): vitest.config.ts includes this file only then.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe('sign-in counters shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  // A time of its own, so counters left in Redis by an earlier run are outside every window.
  const clock = new FakeClock(new Date(Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 1e10)));
  const email = `shared-${Date.now()}@example.com`;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl }, clock });
    b = await createTestApp({ env: { REDIS_URL: redisUrl }, clock, testDb: a.testDb });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const login = (app: TestApp, agent: Agent | null, password: string) =>
    (agent ?? new Agent(app.app, { ip: uniqueIp() })).post('/api/v1/auth/login', {
      email,
      password,
    });

  it('slows strangers across two API processes and still lets the owner’s device in', async () => {
    await registerUser(a.app, email);
    const laptop = new Agent(b.app, { ip: uniqueIp() });
    expect((await login(b, laptop, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(laptop.cookies.get(DEVICE_COOKIE)).toBeTruthy();

    // Failures alternate between the two processes: both count in one place.
    for (let i = 0; i <= SIGN_IN_POLICY.account.freeFailures; i += 1) {
      const res = await login(i % 2 ? a : b, null, 'Wrong-Password-1');
      expect(res.statusCode).toBe(400);
    }
    for (const app of [a, b]) {
      const slowed = await login(app, null, STRONG_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error.details.retryAfterSeconds).toBe(2);
    }
    // The device cookie is signed with the shared secret: the other process trusts it too.
    const onA = new Agent(a.app, { ip: uniqueIp() });
    onA.cookies.set(DEVICE_COOKIE, laptop.cookies.get(DEVICE_COOKIE)!);
    expect((await login(a, onA, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('locks a known device across processes', async () => {
    clock.advance(SIGN_IN_POLICY.account.windowMs);
    const laptop = new Agent(a.app, { ip: uniqueIp() });
    expect((await login(a, laptop, STRONG_PASSWORD)).statusCode).toBe(200);
    const twin = new Agent(b.app, { ip: uniqueIp() });
    twin.cookies.set(DEVICE_COOKIE, laptop.cookies.get(DEVICE_COOKIE)!);
    for (let i = 0; i < SIGN_IN_POLICY.device.max; i += 1) {
      const res = await login(i % 2 ? a : b, i % 2 ? laptop : twin, 'Wrong-Password-1');
      expect(res.statusCode).toBe(400);
    }
    expect((await login(a, laptop, STRONG_PASSWORD)).statusCode).toBe(429);
    expect((await login(b, twin, STRONG_PASSWORD)).statusCode).toBe(429);
  });
});
