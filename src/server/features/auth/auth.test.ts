import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authTokens,
  inviteCodes,
  mailOutbox,
  notifications,
  sessions,
  users,
} from '../../db/schema';
import { requireRotation } from '../session';
import { DAY, FakeClock, HOUR, MINUTE, SECOND } from '../../platform/clock';
import { hashToken } from '../../platform/crypto';
import { ARGON2_OPTIONS, passwordHashParameters } from './passwords';
import { setFlag } from '../admin';
import {
  activateAccount,
  Agent,
  emailedToken,
  registerUser,
  STRONG_PASSWORD,
  uniqueIp,
} from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACTIVATION_LINK_LIFETIME_MS, register } from './auth.service';

const EN_CLIENT = { ip: null, userAgent: null, language: 'en' as const };

/** An account made through the service (no per-address email limit), then activated. */
async function activateQuietly(email: string) {
  await register(t.app.ctx, { email, password: STRONG_PASSWORD }, EN_CLIENT);
  const token = await emailedToken(t.app, email, 'activate-account', '/auth/activate');
  const res = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/activate', { token });
  expect(res.statusCode).toBe(200);
}

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.database.db;
const outboxFor = (to: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);

describe('registration', () => {
  it('creates the account when the emailed link is opened, not before; the first one is admin', async () => {
    const agent = new Agent(t.app, { ip: uniqueIp() });
    const res = await agent.post('/api/v1/auth/register', {
      email: 'First.Admin@Example.com',
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(res.cookies).toEqual([]);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect(
      await db().select().from(users).where(eq(users.email, 'first.admin@example.com')),
    ).toEqual([]);

    const token = await emailedToken(
      t.app,
      'first.admin@example.com',
      'activate-account',
      '/auth/activate',
    );
    // Only the link carries the token; nothing about it is stored before it is opened.
    expect(token).toMatch(/^[A-Za-z0-9_-]{100,}$/);
    expect(await db().select().from(authTokens)).toEqual([]);
    const activated = await agent.post('/api/v1/auth/activate', { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ ok: true, email: 'first.admin@example.com' });
    // Activation does not sign in: the password does.
    expect(activated.cookies).toEqual([]);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(401);
    const signedIn = await agent.post('/api/v1/auth/login', {
      email: 'first.admin@example.com',
      password: STRONG_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    const session = await agent.get('/api/v1/auth/session');
    expect(session.json()).toMatchObject({
      user: {
        email: 'first.admin@example.com',
        role: 'admin',
        fullName: 'first.admin',
        emailConfirmedAt: clock.now().toISOString(),
      },
      aal: 'aal1',
      mfa: { pending: false, bypass: false },
    });

    const second = await registerUser(t.app, 'second@example.com', { fullName: 'Second Person' });
    const profile = await second.agent.get('/api/v1/auth/session');
    expect(profile.json().user).toMatchObject({ role: 'user', fullName: 'Second Person' });
  });

  it('answers a taken email exactly as a new one, and emails the owner instead', async () => {
    await activateQuietly('taken@example.com');
    const before = (await outboxFor('taken@example.com')).length;
    const taken = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/register', {
      email: 'TAKEN@example.com',
      password: 'Other-Password-2',
      fullName: 'Someone Else',
    });
    const fresh = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/register', {
      email: 'fresh@example.com',
      password: 'Other-Password-2',
      fullName: 'Someone Else',
    });
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    expect(taken.cookies).toEqual(fresh.cookies);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    await t.app.ctx.jobs.idle();
    const mails = (await outboxFor('taken@example.com')).slice(before);
    expect(mails.map((m) => m.template)).toEqual(['registration-attempt']);
    expect(mails[0]!.subject).toBe('Someone tried to sign up with your address');
    expect(mails[0]!.text).toContain('http://localhost:3000/login');
    expect(mails[0]!.text).not.toMatch(/token=/);
    expect((await outboxFor('fresh@example.com')).map((m) => m.template)).toEqual([
      'activate-account',
    ]);
    // The account is untouched: its own password still works, the other one does not.
    const owner = new Agent(t.app, { ip: uniqueIp() });
    expect(
      (
        await owner.post('/api/v1/auth/login', {
          email: 'taken@example.com',
          password: 'Other-Password-2',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await owner.post('/api/v1/auth/login', {
          email: 'taken@example.com',
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('uses an activation link once, refuses a forged one, and lets it expire after 24 hours', async () => {
    const agent = await activateAccount(t.app, 'once@example.com');
    const token = (await emailedToken(
      t.app,
      'once@example.com',
      'activate-account',
      '/auth/activate',
    ))!;
    const again = await agent.post('/api/v1/auth/activate', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'ACTIVATION_LINK_USED',
      message: 'This activation link has already been used. Please sign in.',
      details: null,
    });
    const forged = await agent.post('/api/v1/auth/activate', {
      token: `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
    });
    expect(forged.json().error.code).toBe('ACTIVATION_LINK_INVALID');

    await register(t.app.ctx, { email: 'late@example.com', password: STRONG_PASSWORD }, EN_CLIENT);
    const late = (await emailedToken(
      t.app,
      'late@example.com',
      'activate-account',
      '/auth/activate',
    ))!;
    clock.advance(ACTIVATION_LINK_LIFETIME_MS);
    const expired = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/activate', {
      token: late,
    });
    expect(expired.json().error.code).toBe('ACTIVATION_LINK_EXPIRED');
    expect(await db().select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
  });

  it('lets the first link opened of two registrations decide, and spends the other', async () => {
    await register(
      t.app.ctx,
      { email: 'twice@example.com', password: 'First-Password-1' },
      EN_CLIENT,
    );
    const first = (await emailedToken(
      t.app,
      'twice@example.com',
      'activate-account',
      '/auth/activate',
    ))!;
    await register(
      t.app.ctx,
      { email: 'twice@example.com', password: 'Second-Password-2' },
      EN_CLIENT,
    );
    const second = (await emailedToken(
      t.app,
      'twice@example.com',
      'activate-account',
      '/auth/activate',
    ))!;
    expect(second).not.toBe(first);
    const browser = new Agent(t.app, { ip: uniqueIp() });
    expect((await browser.post('/api/v1/auth/activate', { token: second })).statusCode).toBe(200);
    expect((await browser.post('/api/v1/auth/activate', { token: first })).json().error.code).toBe(
      'ACTIVATION_LINK_USED',
    );
    expect(
      (
        await browser.post('/api/v1/auth/login', {
          email: 'twice@example.com',
          password: 'Second-Password-2',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('sends one registration email per address per minute, the same for taken and new emails', async () => {
    await activateQuietly('hurried@example.com');
    for (const email of ['hurried@example.com', 'hurried-new@example.com']) {
      const body = { email, password: STRONG_PASSWORD };
      const first = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/register', body);
      expect(first.statusCode).toBe(202);
      const second = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/register', body);
      expect(second.statusCode).toBe(429);
      expect(second.json().error.code).toBe('RATE_LIMITED');
    }
  });

  it.each([
    [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'email: Invalid email format'],
    [{ email: 'a@b.co', password: 'Short1' }, 'password: Password must be at least 8 characters'],
    [
      { email: 'a@b.co', password: 'alllowercase1' },
      'password: Password must contain at least one uppercase letter',
    ],
    [
      { email: 'a@b.co', password: 'ALLUPPERCASE1' },
      'password: Password must contain at least one lowercase letter',
    ],
    [
      { email: 'a@b.co', password: 'NoDigitsHere' },
      'password: Password must contain at least one number',
    ],
    [
      { email: 'a@b.co', password: STRONG_PASSWORD, fullName: 'A' },
      'fullName: Name must be at least 2 characters',
    ],
    [
      { email: 'a@b.co', password: STRONG_PASSWORD, fullName: 'x'.repeat(101) },
      'fullName: Name cannot exceed 100 characters',
    ],
  ])('validates %o', async (body, message) => {
    const res = await new Agent(t.app).post('/api/v1/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('accepts long passwords (no cap below 64 characters)', async () => {
    const long = `Aa1${'x'.repeat(200)}`;
    const { agent } = await registerUser(t.app, 'long@example.com', { password: long });
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('stores passwords as argon2id with m >= 19456 KiB, t >= 2, p = 1', async () => {
    await registerUser(t.app, 'hash@example.com');
    const [row] = await db()
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'hash@example.com'));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    const params = passwordHashParameters(row!.hash);
    expect(params.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(params.timeCost).toBeGreaterThanOrEqual(2);
    expect(params.parallelism).toBe(1);
    expect(ARGON2_OPTIONS.memoryCost).toBe(19_456);
  });

  it('confirms an older account’s address once through a resent confirmation link', async () => {
    const { agent, userId } = await registerUser(t.app, 'confirm@example.com');
    await db().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId));
    expect((await agent.post('/api/v1/auth/email/resend')).statusCode).toBe(200);
    const token = (await emailedToken(
      t.app,
      'confirm@example.com',
      'confirm-email',
      '/auth/confirm-email',
    ))!;
    expect(
      await new Agent(t.app)
        .post('/api/v1/auth/email/confirm', { token })
        .then((r) => r.statusCode),
    ).toBe(200);
    expect((await agent.get('/api/v1/auth/session')).json().user.emailConfirmedAt).toEqual(
      expect.any(String),
    );
    const again = await new Agent(t.app).post('/api/v1/auth/email/confirm', { token });
    expect(again.json().error.code).toBe('CONFIRMATION_LINK_INVALID');
    // Only a hash of the token is stored.
    const tokens = await db().select().from(authTokens);
    expect(tokens.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('writes the activation email in the language of the request', async () => {
    await registerUser(t.app, 'francais@example.com', {
      agent: new Agent(t.app, { language: 'fr-FR,fr;q=0.9', ip: uniqueIp() }),
    });
    const [mail] = await outboxFor('francais@example.com');
    expect(mail?.subject).toBe('Activez votre compte Cairn');
    expect(mail?.html).toContain('<html lang="fr">');
  });

  describe('during beta', () => {
    beforeAll(async () => {
      await setFlag(db(), 'beta_mode', true, null, clock.now());
      await db()
        .insert(inviteCodes)
        .values([
          { code: 'ABCD1234' },
          { code: 'RESERVE1', email: 'reserved@example.com' },
          { code: 'EXPIRED1', expiresAt: new Date('2020-01-01') },
        ]);
    });
    afterAll(() => setFlag(db(), 'beta_mode', false, null, clock.now()));

    const register = (email: string, inviteCode?: string) =>
      new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/register', {
        email,
        password: STRONG_PASSWORD,
        ...(inviteCode ? { inviteCode } : {}),
      });

    it('requires an invite code', async () => {
      const res = await register('beta1@example.com');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'INVITE_CODE_REQUIRED',
        message: 'Invite code is required during beta',
      });
    });

    it('refuses unknown, expired and reserved-for-someone-else codes', async () => {
      for (const code of ['ZZZZ9999', 'EXPIRED1', 'RESERVE1']) {
        const res = await register('beta2@example.com', code);
        expect(res.json().error).toMatchObject({
          code: 'INVITE_CODE_INVALID',
          message: 'Invalid or expired code',
        });
      }
      expect(await db().select().from(users).where(eq(users.email, 'beta2@example.com'))).toEqual(
        [],
      );
    });

    it('checks the invite code before the email, so a visitor without a code learns nothing about accounts', async () => {
      await setFlag(db(), 'beta_mode', false, null, clock.now());
      await registerUser(t.app, 'existing-before-beta@example.com');
      await setFlag(db(), 'beta_mode', true, null, clock.now());
      const noCode = await register('existing-before-beta@example.com');
      expect(noCode.json().error.code).toBe('INVITE_CODE_REQUIRED');
      expect(noCode.body).toBe((await register('nobody-here@example.com')).body);
      const badCode = await register('existing-before-beta@example.com', 'ZZZZ9999');
      expect(badCode.json().error.code).toBe('INVITE_CODE_INVALID');
      expect(badCode.body).toBe((await register('nobody-here@example.com', 'ZZZZ9999')).body);
    });

    it('consumes a valid code with the account, once', async () => {
      await registerUser(t.app, 'beta3@example.com', { inviteCode: 'abcd1234' });
      const [invite] = await db()
        .select()
        .from(inviteCodes)
        .where(eq(inviteCodes.code, 'ABCD1234'));
      expect(invite).toMatchObject({ status: 'used', usedBy: expect.any(String) });
      expect((await register('beta4@example.com', 'ABCD1234')).json().error.code).toBe(
        'INVITE_CODE_INVALID',
      );
      // A code checked at sign-up but used by someone else before the link is opened.
      await register('beta5@example.com', 'RESERVE1');
      expect((await register('reserved@example.com', 'RESERVE1')).statusCode).toBe(202);
      const token = (await emailedToken(
        t.app,
        'reserved@example.com',
        'activate-account',
        '/auth/activate',
      ))!;
      expect((await new Agent(t.app).post('/api/v1/auth/activate', { token })).statusCode).toBe(
        200,
      );
    });
  });
});

describe('sign-in', () => {
  beforeAll(async () => {
    await registerUser(t.app, 'signin@example.com');
  });

  const login = (agent: Agent, email: string, password: string, remember = false) =>
    agent.post('/api/v1/auth/login', { email, password, remember });

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await login(
      new Agent(t.app, { ip: '10.0.0.1' }),
      'nobody@example.com',
      'Wrong-Password-1',
    );
    const wrong = await login(
      new Agent(t.app, { ip: '10.0.0.2' }),
      'signin@example.com',
      'Wrong-Password-1',
    );
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Please check your credentials and try again.',
      details: null,
    });
    expect(unknown.cookies).toEqual([]);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that ends with the browser without "remember me"', async () => {
    const res = await login(new Agent(t.app), 'signin@example.com', STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { email: 'signin@example.com' },
      aal: 'aal1',
      mfaRequired: false,
    });
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const cookie = cookies.find((c) => c.startsWith('cairn_session='))!;
    expect(cookie).toMatch(/^cairn_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Max-Age');
    expect(cookie).not.toContain('Secure');
  });

  it('keeps a remembered session 30 days', async () => {
    const res = await login(new Agent(t.app), 'signin@example.com', STRONG_PASSWORD, true);
    expect(String(res.headers['set-cookie'])).toContain(`Max-Age=${(30 * DAY) / 1000}`);
  });

  it('never stores the token itself', async () => {
    const agent = new Agent(t.app);
    await login(agent, 'signin@example.com', STRONG_PASSWORD);
    const token = agent.cookies.get('cairn_session')!;
    const rows = await t.database.db.execute(
      sql`select exists (select 1 from sessions where token_hash = ${token}) as found`,
    );
    expect((rows as unknown as { rows: { found: boolean }[] }).rows[0]?.found).toBe(false);
  });

  it('ends a session carried into sign-in (no fixation) and on sign-out', async () => {
    const agent = new Agent(t.app);
    await login(agent, 'signin@example.com', STRONG_PASSWORD);
    const before = agent.cookies.get('cairn_session')!;
    await login(agent, 'signin@example.com', STRONG_PASSWORD);
    const after = agent.cookies.get('cairn_session')!;
    expect(after).not.toBe(before);
    const stale = new Agent(t.app);
    stale.cookies.set('cairn_session', before);
    expect((await stale.get('/api/v1/auth/session')).statusCode).toBe(401);

    expect((await agent.post('/api/v1/auth/logout')).json()).toEqual({ ok: true });
    const out = new Agent(t.app);
    out.cookies.set('cairn_session', after);
    expect((await out.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('ends a session after 12 hours without "remember me", and a remembered one after 30 idle days', async () => {
    const short = new Agent(t.app);
    await login(short, 'signin@example.com', STRONG_PASSWORD);
    const remembered = new Agent(t.app);
    await login(remembered, 'signin@example.com', STRONG_PASSWORD, true);

    clock.advance(11 * HOUR);
    expect((await short.get('/api/v1/auth/session')).statusCode).toBe(200);
    clock.advance(1 * HOUR + MINUTE);
    expect((await short.get('/api/v1/auth/session')).statusCode).toBe(401);

    // Activity keeps a remembered session alive past 30 days from sign-in...
    clock.advance(20 * DAY);
    expect((await remembered.get('/api/v1/auth/session')).statusCode).toBe(200);
    clock.advance(20 * DAY);
    expect((await remembered.get('/api/v1/auth/session')).statusCode).toBe(200);
    // ...but 30 idle days end it.
    clock.advance(30 * DAY + MINUTE);
    expect((await remembered.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('leaves a login notification (type system, with address, browser and system) and emails it', async () => {
    const agent = new Agent(t.app, { ip: '203.0.113.9' });
    const res = await login(agent, 'signin@example.com', STRONG_PASSWORD);
    const userId = res.json().user.id as string;
    const rows = await db().select().from(notifications).where(eq(notifications.userId, userId));
    expect(rows.at(-1)).toMatchObject({
      type: 'system',
      title: 'New sign-in',
      metadata: { key: 'login', ipAddress: '203.0.113.9', browser: 'Chrome 156', os: 'Linux' },
    });
    const mails = await outboxFor('signin@example.com');
    expect(mails.at(-1)?.template).toBe('login-notification');
  });

  it('does not notify when the user turned login notifications off', async () => {
    const { agent, userId } = await registerUser(t.app, 'quiet@example.com');
    const settings = await agent.patch('/api/v1/auth/security-settings', {
      loginNotifications: false,
    });
    expect(settings.json()).toEqual({ loginNotifications: false });
    const notificationsBefore = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    const mailsBefore = await outboxFor('quiet@example.com');
    await login(new Agent(t.app), 'quiet@example.com', STRONG_PASSWORD);
    expect(await db().select().from(notifications).where(eq(notifications.userId, userId))).toEqual(
      notificationsBefore,
    );
    // No email either.
    expect(await outboxFor('quiet@example.com')).toEqual(mailsBefore);
  });
});

describe('sessions and security cookies', () => {
  it('answers a signed-out probe with 200 and null when asked with ?optional=1, and 401 otherwise', async () => {
    const visitor = new Agent(t.app, { ip: uniqueIp() });
    const probe = await visitor.get('/api/v1/auth/session?optional=1');
    expect(probe.statusCode).toBe(200);
    expect(probe.body).toBe('null');
    expect((await visitor.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await visitor.get('/api/v1/auth/session?optional=maybe')).statusCode).toBe(400);

    const { agent } = await registerUser(t.app, 'probe@example.com');
    const signedIn = await agent.get('/api/v1/auth/session?optional=1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: 'probe@example.com' }, aal: 'aal1' });
  });

  it('lists the devices of the account and signs one out, but never another user’s', async () => {
    const { agent } = await registerUser(t.app, 'devices@example.com');
    const laptop = new Agent(t.app, {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    });
    await laptop.post('/api/v1/auth/login', {
      email: 'devices@example.com',
      password: STRONG_PASSWORD,
    });

    const list = (await agent.get('/api/v1/auth/sessions')).json().sessions as {
      id: string;
      current: boolean;
      browser: string;
      os: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => !s.current)!;
    expect(other).toMatchObject({ browser: 'Safari 17', os: 'macOS Catalina' });

    const { agent: stranger } = await registerUser(t.app, 'stranger@example.com');
    const refused = await stranger.delete(`/api/v1/auth/sessions/${other.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await laptop.get('/api/v1/auth/session')).statusCode).toBe(200);

    expect((await agent.delete(`/api/v1/auth/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('is __Host- prefixed and Secure when served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://cairn.example.com' } });
    try {
      const agent = new Agent(https.app, { origin: 'https://cairn.example.com' });
      await activateAccount(https.app, 'secure@example.com', { agent });
      const res = await agent.post('/api/v1/auth/login', {
        email: 'secure@example.com',
        password: STRONG_PASSWORD,
      });
      const cookie = [res.headers['set-cookie']]
        .flat()
        .map(String)
        .find((c) => c.includes('cairn_session='))!;
      expect(cookie).toMatch(/^__Host-cairn_session=/);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Domain');
      expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });

  it('answers 401 to signed-out callers of account endpoints', async () => {
    const anonymous = new Agent(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/auth/session'],
      ['GET', '/api/v1/auth/sessions'],
      ['GET', '/api/v1/auth/security-settings'],
      ['POST', '/api/v1/auth/password/change'],
      ['POST', '/api/v1/auth/email/resend'],
      ['GET', '/api/v1/auth/mfa/factors'],
      ['POST', '/api/v1/auth/mfa/factors'],
      ['GET', '/api/v1/auth/mfa/assurance'],
      ['GET', '/api/v1/profile'],
      ['GET', '/api/v1/device-location'],
    ] as const) {
      const res = await anonymous.request(
        method,
        url,
        method === 'GET' ? undefined : { currentPassword: 'x', newPassword: STRONG_PASSWORD },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('token rotation', () => {
  const cookieOf = (set: unknown) =>
    ([] as string[]).concat((set as string | string[] | undefined) ?? []).join('\n');
  const withToken = (token: string) => {
    const agent = new Agent(t.app);
    agent.cookies.set('cairn_session', token);
    return agent;
  };

  it('rotates a session marked for rotation once, even for requests in parallel, which all pass', async () => {
    const { agent, userId } = await registerUser(t.app, 'parallel@example.com');
    const old = agent.cookies.get('cairn_session')!;
    await requireRotation(db(), userId);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: `cairn_session=${old}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const setCookies = answers.map((r) => cookieOf(r.headers['set-cookie'])).filter(Boolean);
    // Exactly one answer hands out the new token; none deletes the cookie.
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^cairn_session=[A-Za-z0-9_-]{43};/);
    const fresh = /^cairn_session=([^;]+);/.exec(setCookies[0]!)![1]!;
    expect(fresh).not.toBe(old);

    // A request still in flight with the old token passes for a short while, then not.
    clock.advance(20 * SECOND);
    const late = await withToken(old).get('/api/v1/auth/session');
    expect(late.statusCode).toBe(200);
    expect(late.headers['set-cookie']).toBeUndefined();
    clock.advance(11 * SECOND);
    const dead = await withToken(old).get('/api/v1/auth/session');
    expect(dead.statusCode).toBe(401);
    expect(cookieOf(dead.headers['set-cookie'])).toMatch(/^cairn_session=;/);
    expect((await withToken(fresh).get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('never deletes the new cookie with the answer to a request made with the token a security rotation just replaced', async () => {
    const { agent } = await registerUser(t.app, 'rotated@example.com');
    const old = agent.cookies.get('cairn_session')!;
    await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(agent.cookies.get('cairn_session')).not.toBe(old);
    // In flight with the old token: refused (a security rotation kills it at once)...
    const inFlight = await withToken(old).get('/api/v1/auth/session');
    expect(inFlight.statusCode).toBe(401);
    // ...but the answer leaves the browser's cookie (by now the new one) alone.
    expect(inFlight.headers['set-cookie']).toBeUndefined();
    clock.advance(31 * SECOND);
    expect(
      cookieOf((await withToken(old).get('/api/v1/auth/session')).headers['set-cookie']),
    ).toMatch(/^cairn_session=;/);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('does not rotate on the WebSocket upgrade, whose answer cannot set a cookie', async () => {
    const { agent, userId } = await registerUser(t.app, 'upgrade@example.com');
    const token = agent.cookies.get('cairn_session')!;
    await requireRotation(db(), userId);
    const upgrade = await t.app.inject({
      method: 'GET',
      url: '/api/v1/realtime',
      headers: {
        cookie: `cairn_session=${token}`,
        connection: 'upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    expect(upgrade.headers['set-cookie']).toBeUndefined();
    const [row] = await db()
      .select({ tokenHash: sessions.tokenHash, needsRotation: sessions.needsRotation })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(row).toEqual({ tokenHash: hashToken(token), needsRotation: true });
    // The next page request does it.
    const next = await agent.get('/api/v1/auth/session');
    expect(cookieOf(next.headers['set-cookie'])).toMatch(/^cairn_session=[A-Za-z0-9_-]{43};/);
  });
});

describe('session activity', () => {
  it('records the last activity of every session, at most once a minute', async () => {
    const { agent } = await registerUser(t.app, 'active@example.com');
    const seen = async () =>
      ((await agent.get('/api/v1/auth/sessions')).json().sessions as { lastSeenAt: string }[])[0]!
        .lastSeenAt;
    const first = await seen();
    clock.advance(30 * SECOND);
    expect(await seen()).toBe(first);
    clock.advance(2 * MINUTE);
    const later = await seen();
    expect(new Date(later).getTime()).toBe(clock.now().getTime());
    // Without "remember me" the session still ends 12 hours after sign-in, whatever the activity.
    const list = (await agent.get('/api/v1/auth/sessions')).json().sessions;
    expect(list[0]).toMatchObject({ remember: false });
    expect(new Date(list[0].expiresAt).getTime() - new Date(list[0].createdAt).getTime()).toBe(
      12 * HOUR,
    );
  });
});
