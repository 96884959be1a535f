import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userPreferences } from '../../db/schema';
import { FakeClock, MINUTE, SECOND } from '../../platform/clock';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEVICE_COOKIE, SIGN_IN_POLICY, strangerDelayMs } from './sign-in-guard';

let t: TestApp;
const clock = new FakeClock();
const WRONG = 'Wrong-Password-1';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (agent: Agent, email: string, password: string) =>
  agent.post('/api/v1/auth/login', { email, password });

const mailsTo = async (email: string) => {
  await t.app.ctx.jobs.idle();
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);
};

/** A browser of the owner that has signed in once (it carries the device cookie). */
async function knownDevice(email: string) {
  const device = new Agent(t.app, { ip: uniqueIp() });
  const res = await login(device, email, STRONG_PASSWORD);
  expect(res.statusCode).toBe(200);
  expect(device.cookies.get(DEVICE_COOKIE)).toBeTruthy();
  await device.post('/api/v1/auth/logout');
  return device;
}

/** Strangers, one new address each, try `count` wrong passwords; returns their statuses. */
async function strangersTry(email: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    statuses.push((await login(new Agent(t.app, { ip: uniqueIp() }), email, WRONG)).statusCode);
  }
  return statuses;
}

/** A stranger waits as long as the account asks, then fails once; returns the wait (s). */
async function waitThenFail(email: string) {
  let waited = 0;
  for (;;) {
    const res = await login(new Agent(t.app, { ip: uniqueIp() }), email, WRONG);
    if (res.statusCode === 400) return waited;
    expect(res.statusCode).toBe(429);
    const wait = res.json().error.details.retryAfterSeconds as number;
    waited += wait;
    clock.advance(wait * SECOND);
  }
}

describe('a stranger cannot lock the owner out', () => {
  it('lets the owner’s known device in after 25 addresses tried wrong passwords', async () => {
    await registerUser(t.app, 'victim@example.com');
    const laptop = await knownDevice('victim@example.com');

    const statuses = await strangersTry('victim@example.com', 25);
    // The first ones are checked (400), then strangers are slowed down (429).
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);

    const owner = await login(laptop, 'victim@example.com', STRONG_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe('victim@example.com');

    // The owner on a new device is a stranger too: slowed down, not locked for an hour.
    const newPhone = new Agent(t.app, { ip: uniqueIp() });
    const slowed = await login(newPhone, 'victim@example.com', STRONG_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    const wait = slowed.json().error.details.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(strangerDelayMs(6) / SECOND);
    expect(Number(slowed.headers['retry-after'])).toBe(wait);
    clock.advance(wait * SECOND);
    expect((await login(newPhone, 'victim@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('sets a signed, long-lived, httpOnly, SameSite=Lax device cookie, and ignores a forged one', async () => {
    await registerUser(t.app, 'cookie@example.com');
    const browser = new Agent(t.app, { ip: uniqueIp() });
    const res = await login(browser, 'cookie@example.com', STRONG_PASSWORD);
    const cookie = (
      res.cookies as {
        name: string;
        httpOnly?: boolean;
        sameSite?: string;
        path?: string;
        maxAge?: number;
      }[]
    ).find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(cookie.maxAge).toBe(SIGN_IN_POLICY.deviceCookieMaxAgeMs / 1000);

    await strangersTry('cookie@example.com', 6);
    // A cookie whose signature does not hold is a stranger's: slowed like the others.
    const value = browser.cookies.get(DEVICE_COOKIE)!;
    const forger = new Agent(t.app, { ip: uniqueIp() });
    forger.cookies.set(DEVICE_COOKIE, value.replace(/\.[^.]+$/, '.forged'));
    expect((await login(forger, 'cookie@example.com', STRONG_PASSWORD)).statusCode).toBe(429);
    // Another account's device cookie does not help either.
    const { agent: other } = await registerUser(t.app, 'other-account@example.com');
    await login(other, 'other-account@example.com', STRONG_PASSWORD);
    expect((await login(other, 'cookie@example.com', STRONG_PASSWORD)).statusCode).toBe(429);
    expect((await login(browser, 'cookie@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('marks the device cookie Secure over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://cairn.example.com' } });
    try {
      const origin = 'https://cairn.example.com';
      await registerUser(https.app, 'secure-device@example.com', {
        agent: new Agent(https.app, { origin, ip: uniqueIp() }),
      });
      const agent = new Agent(https.app, { origin, ip: uniqueIp() });
      const res = await login(agent, 'secure-device@example.com', STRONG_PASSWORD);
      const cookie = (res.cookies as { name: string; secure?: boolean }[]).find(
        (c) => c.name === DEVICE_COOKIE,
      );
      expect(cookie?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('limits that still bite', () => {
  it('locks an address after 25 failures, whatever the accounts, but not the owner’s known device there', async () => {
    await registerUser(t.app, 'office@example.com');
    const ip = '198.51.100.26';
    const desk = new Agent(t.app, { ip });
    expect((await login(desk, 'office@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    const sprayer = new Agent(t.app, { ip });
    for (let i = 0; i < SIGN_IN_POLICY.address.max; i += 1) {
      expect((await login(sprayer, `spray${i}@example.com`, WRONG)).statusCode).toBe(400);
    }
    const refused = await login(new Agent(t.app, { ip }), 'office@example.com', STRONG_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Same address, but a device that signed in to this account before: its own budget.
    expect((await login(desk, 'office@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    clock.advance(SIGN_IN_POLICY.address.lockMs);
    expect(
      (await login(new Agent(t.app, { ip }), 'office@example.com', STRONG_PASSWORD)).statusCode,
    ).toBe(200);
  });

  it('locks a known device that fails too often, and only that device', async () => {
    await registerUser(t.app, 'typo@example.com');
    const laptop = await knownDevice('typo@example.com');
    const phone = await knownDevice('typo@example.com');
    for (let i = 0; i < SIGN_IN_POLICY.device.max; i += 1) {
      expect((await login(laptop, 'typo@example.com', WRONG)).statusCode).toBe(400);
    }
    const locked = await login(laptop, 'typo@example.com', STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.details.retryAfterSeconds).toBe(SIGN_IN_POLICY.device.lockMs / 1000);
    // The other device and strangers are not affected by the laptop's failures.
    expect((await login(phone, 'typo@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    expect(
      (await login(new Agent(t.app, { ip: uniqueIp() }), 'typo@example.com', STRONG_PASSWORD))
        .statusCode,
    ).toBe(200);
    clock.advance(SIGN_IN_POLICY.device.lockMs);
    expect((await login(laptop, 'typo@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('slows strangers down with growing delays, the same for unknown emails', async () => {
    await registerUser(t.app, 'slowed@example.com');
    for (const email of ['slowed@example.com', 'nobody-here@example.com']) {
      expect(await strangersTry(email, SIGN_IN_POLICY.account.freeFailures)).toEqual([
        400, 400, 400, 400, 400,
      ]);
      const waits = [];
      for (let i = 0; i < 6; i += 1) waits.push(await waitThenFail(email));
      expect(waits).toEqual([0, 2, 4, 8, 16, 32]);
    }
    expect(strangerDelayMs(40)).toBe(SIGN_IN_POLICY.account.maxDelayMs);
    // An hour without failures and the account starts over.
    clock.advance(SIGN_IN_POLICY.account.windowMs);
    expect(await strangersTry('slowed@example.com', 5)).toEqual([400, 400, 400, 400, 400]);
  });
});

describe('the owner is told', () => {
  it('emails the owner once, in their language, when strangers keep failing', async () => {
    const { userId } = await registerUser(t.app, 'attacked@example.com');
    await t.database.db
      .update(userPreferences)
      .set({ language: 'fr' })
      .where(eq(userPreferences.userId, userId));
    const before = (await mailsTo('attacked@example.com')).length;
    await strangersTry('attacked@example.com', SIGN_IN_POLICY.account.freeFailures - 1);
    for (let i = 0; i < 20; i += 1) await waitThenFail('attacked@example.com');
    clock.advance(20 * MINUTE);
    await strangersTry('attacked@example.com', 3);

    const alerts = (await mailsTo('attacked@example.com'))
      .slice(before)
      .filter((m) => m.template === 'sign-in-attack');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Tentatives de connexion à votre compte Cairn');
    expect(alerts[0]!.text).toContain(`${SIGN_IN_POLICY.account.alertAt} mots de passe erronés`);
  });

  it("writes to an account that follows the browser in its own last language, not the attacker's", async () => {
    // Registered and signed in from a French browser; the preference stays 'auto'.
    const agent = new Agent(t.app, { ip: uniqueIp(), language: 'fr' });
    const { userId } = await registerUser(t.app, 'attacked-auto@example.com', { agent });
    const [preference] = await t.database.db
      .select({ language: userPreferences.language })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId));
    expect(preference?.language).toBe('auto');
    const before = (await mailsTo('attacked-auto@example.com')).length;
    // The strangers' browsers ask for English.
    await strangersTry('attacked-auto@example.com', SIGN_IN_POLICY.account.freeFailures - 1);
    for (let i = 0; i < 20; i += 1) await waitThenFail('attacked-auto@example.com');
    clock.advance(20 * MINUTE);
    await strangersTry('attacked-auto@example.com', 3);

    const alerts = (await mailsTo('attacked-auto@example.com'))
      .slice(before)
      .filter((m) => m.template === 'sign-in-attack');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Tentatives de connexion à votre compte Cairn');
  });
});
