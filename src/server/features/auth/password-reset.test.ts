import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, sessions, users } from '../../db/schema';
import { loadSessionAuth } from '../session';
import { DAY, FakeClock, HOUR, MINUTE, SECOND } from '../../platform/clock';
import { hashToken } from '../../platform/crypto';
import {
  addAuthenticator,
  Agent,
  registerUser,
  STRONG_PASSWORD,
  totpCode,
  uniqueIp,
} from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendPasswordReset, sendRecoveryCode } from './auth.service';

let t: TestApp;
const clock = new FakeClock();
const NEW_PASSWORD = 'Brand-New-Pass-7';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function resetLinkFor(email: string) {
  await t.app.ctx.jobs.idle();
  const mails = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);
  const mail = mails.filter((m) => m.template === 'reset-password').at(-1);
  if (!mail) return null;
  const url = new URL(/http\S+reset-password\?token=\S+/.exec(mail.text)![0]);
  expect(url.pathname).toBe('/auth/reset-password');
  return url.searchParams.get('token')!;
}

const forgot = (email: string) =>
  new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/password/forgot', { email });

const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);

const signIn = async (email: string, password: string) => {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const res = await agent.post('/api/v1/auth/login', { email, password });
  return { agent, res };
};

/** Resets the password of `email` through its emailed link, in a browser of its own. */
async function resetByEmail(email: string, password = NEW_PASSWORD) {
  await sendPasswordReset(t.app.ctx, email, 'en');
  const token = (await resetLinkFor(email))!;
  const browser = new Agent(t.app, { ip: uniqueIp() });
  const res = await browser.post('/api/v1/auth/password/reset', { token, password });
  expect(res.statusCode).toBe(200);
  return { browser, res };
}

/** The emailed-code request of a pending session, through the service (no per-minute limit). */
async function sendCodeFrom(agent: Agent, email: string) {
  const token = agent.cookies.get('cairn_session')!;
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  const auth = await loadSessionAuth(t.database.db, row!.id, clock.now());
  return sendRecoveryCode(t.app.ctx, auth!, email, 'en');
}

describe('password recovery', () => {
  it('answers the same for known and unknown emails, and emails only the known one', async () => {
    await registerUser(t.app, 'known@example.com');
    const known = await forgot('known@example.com');
    const unknown = await forgot('unknown@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await resetLinkFor('known@example.com')).toEqual(expect.any(String));
    expect(await resetLinkFor('unknown@example.com')).toBeNull();
  });

  it('sends one email per address per minute', async () => {
    const agent = new Agent(t.app, { ip: uniqueIp() });
    expect(
      (await agent.post('/api/v1/auth/password/forgot', { email: 'limited@example.com' }))
        .statusCode,
    ).toBe(200);
    const again = await agent.post('/api/v1/auth/password/forgot', {
      email: 'limited@example.com',
    });
    expect(again.statusCode).toBe(429);
  });

  it('resets the password with a single-use link, ends every other session, and signs in', async () => {
    const { agent: oldDevice } = await registerUser(t.app, 'reset@example.com');
    await forgot('reset@example.com');
    const token = (await resetLinkFor('reset@example.com'))!;

    const browser = new Agent(t.app, { ip: uniqueIp() });
    expect((await browser.post('/api/v1/auth/password/reset/verify', { token })).json()).toEqual({
      ok: true,
    });
    const reset = await browser.post('/api/v1/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      user: { email: 'reset@example.com' },
      aal: 'aal1',
      mfaRequired: false,
    });
    expect((await browser.get('/api/v1/auth/session')).statusCode).toBe(200);
    expect((await oldDevice.get('/api/v1/auth/session')).statusCode).toBe(401);

    const login = (password: string) =>
      new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/login', {
        email: 'reset@example.com',
        password,
      });
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(400);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const reuse = await browser.post('/api/v1/auth/password/reset', {
      token,
      password: 'Another-Pass-8',
    });
    expect(reuse.json().error).toEqual({
      code: 'RECOVERY_LINK_USED',
      message: 'This recovery link has already been used. Please request a new one.',
      details: null,
    });
  });

  it('expires a link after one hour', async () => {
    await registerUser(t.app, 'slow@example.com');
    await forgot('slow@example.com');
    const token = (await resetLinkFor('slow@example.com'))!;
    clock.advance(1 * HOUR - SECOND);
    expect(
      (await new Agent(t.app).post('/api/v1/auth/password/reset/verify', { token })).statusCode,
    ).toBe(200);
    clock.advance(2 * SECOND);
    const late = await new Agent(t.app).post('/api/v1/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late.json().error).toMatchObject({
      code: 'RECOVERY_LINK_EXPIRED',
      message: 'This recovery link has expired. Please request a new one.',
    });
  });

  it('refuses an unknown link', async () => {
    const res = await new Agent(t.app).post('/api/v1/auth/password/reset/verify', {
      token: 'not-a-real-token',
    });
    expect(res.json().error).toMatchObject({
      code: 'RECOVERY_LINK_INVALID',
      message: 'Invalid recovery link',
    });
  });

  it('makes an earlier link stop working when a newer one is sent', async () => {
    await registerUser(t.app, 'twice@example.com');
    await forgot('twice@example.com');
    const first = (await resetLinkFor('twice@example.com'))!;
    // (The route allows one email a minute per address; the service is called directly here.)
    await sendPasswordReset(t.app.ctx, 'twice@example.com', 'en');
    const second = (await resetLinkFor('twice@example.com'))!;
    expect(second).not.toBe(first);
    expect(
      (await new Agent(t.app).post('/api/v1/auth/password/reset/verify', { token: first })).json()
        .error.code,
    ).toBe('RECOVERY_LINK_USED');
    expect(
      (await new Agent(t.app).post('/api/v1/auth/password/reset/verify', { token: second }))
        .statusCode,
    ).toBe(200);
  });

  it('never skips two-factor: the new session waits for the second step', async () => {
    const { agent } = await registerUser(t.app, 'guarded@example.com');
    await addAuthenticator(agent, clock.now());
    await forgot('guarded@example.com');
    const token = (await resetLinkFor('guarded@example.com'))!;
    const browser = new Agent(t.app, { ip: uniqueIp() });
    const reset = await browser.post('/api/v1/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.json()).toMatchObject({
      aal: 'aal1',
      mfaRequired: true,
      factors: [{ status: 'verified' }],
    });
    expect(reset.json()).not.toHaveProperty('user');
    expect((await browser.get('/api/v1/auth/session')).json().mfa).toEqual({
      pending: true,
      bypass: false,
    });
    expect((await browser.get('/api/v1/profile')).json().error.code).toBe('MFA_REQUIRED');
  });
});

describe('password change', () => {
  it('needs the current password, ends other sessions and gives this one a new token', async () => {
    const { agent } = await registerUser(t.app, 'changer@example.com');
    const other = new Agent(t.app, { ip: uniqueIp() });
    await other.post('/api/v1/auth/login', {
      email: 'changer@example.com',
      password: STRONG_PASSWORD,
    });

    const wrong = await agent.post('/api/v1/auth/password/change', {
      currentPassword: 'Wrong-Pass-1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');

    const before = agent.cookies.get('cairn_session')!;
    const changed = await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(agent.cookies.get('cairn_session')).not.toBe(before);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
    expect((await other.get('/api/v1/auth/session')).statusCode).toBe(401);
    const stale = new Agent(t.app);
    stale.cookies.set('cairn_session', before);
    expect((await stale.get('/api/v1/auth/session')).statusCode).toBe(401);

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'changer@example.com'));
    expect(mails.map((m) => m.template)).toContain('password-changed');
  });

  it('applies the new-password rules', async () => {
    const { agent } = await registerUser(t.app, 'rules@example.com');
    const res = await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'weak',
    });
    expect(res.json().error.message).toBe(
      'newPassword: Password must be at least 8 characters, newPassword: Password must contain at least one uppercase letter, newPassword: Password must contain at least one number',
    );
  });
});

describe('a reset by email does not open the second step by email (mailbox alone is not enough)', () => {
  it('refuses email recovery from the session the reset opened', async () => {
    const { agent } = await registerUser(t.app, 'mailbox1@example.com');
    await addAuthenticator(agent, clock.now());
    const { browser, res } = await resetByEmail('mailbox1@example.com');
    expect(res.json()).toMatchObject({ mfaRequired: true });
    const refused = await browser.post('/api/v1/auth/otp/send', {
      email: 'mailbox1@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'RECOVERY_LOCKED',
      details: { availableAt: new Date(clock.now().getTime() + 7 * DAY).toISOString() },
    });
    expect((await mailsTo('mailbox1@example.com')).map((m) => m.template)).not.toContain(
      'recovery-code',
    );
  });

  it('pauses email recovery for 7 days after the reset, even after signing in with the new password', async () => {
    const email = 'mailbox2@example.com';
    const { agent, userId } = await registerUser(t.app, email);
    const factor = await addAuthenticator(agent, clock.now());
    const resetAt = clock.now();
    await resetByEmail(email);
    const until = new Date(resetAt.getTime() + 7 * DAY);

    // The reset email warned, the password-changed email and a notification give the date.
    const mails = await mailsTo(email);
    expect(mails.find((m) => m.template === 'reset-password')?.text).toContain(
      'email recovery will be unavailable for 7 days',
    );
    expect(mails.filter((m) => m.template === 'password-changed').at(-1)?.text).toContain(
      'two-factor recovery by email is paused until',
    );
    // (The sign-in that followed activation left a login notification first.)
    const notice = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))
    ).find((row) => (row.metadata as { key?: string } | null)?.key === 'recoveryPaused');
    expect(notice).toMatchObject({
      type: 'warning',
      metadata: { key: 'recoveryPaused', params: { until: until.toISOString() } },
    });

    // Whoever has the mailbox now has the password too: a normal sign-in...
    clock.advance(HOUR);
    const { agent: attacker } = await signIn(email, NEW_PASSWORD);
    const send = await attacker.post('/api/v1/auth/otp/send', { email });
    expect(send.statusCode).toBe(403);
    expect(send.json().error).toMatchObject({
      code: 'RECOVERY_LOCKED',
      details: { availableAt: until.toISOString() },
    });
    const verify = await attacker.post('/api/v1/auth/otp/verify', { email, code: '123456' });
    expect(verify.json().error.code).toBe('RECOVERY_LOCKED');
    expect((await attacker.get('/api/v1/profile')).json().error.code).toBe('MFA_REQUIRED');

    // ...while the authenticator still works.
    clock.advance(MINUTE);
    const challenge = await attacker.post(`/api/v1/auth/mfa/factors/${factor.id}/challenge`);
    const ok = await attacker.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId: challenge.json().challengeId,
      code: totpCode(factor.secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);

    // After 7 days, email recovery is back.
    clock.set(new Date(until.getTime() + MINUTE));
    const { agent: owner } = await signIn(email, NEW_PASSWORD);
    await expect(sendCodeFrom(owner, email)).resolves.toBeUndefined();
  });

  it('does not pause anything for an account without an authenticator', async () => {
    await registerUser(t.app, 'nofactor@example.com');
    await resetByEmail('nofactor@example.com');
    const [row] = await t.database.db
      .select({ lockedUntil: users.emailRecoveryLockedUntil })
      .from(users)
      .where(eq(users.email, 'nofactor@example.com'));
    expect(row?.lockedUntil).toBeNull();
    const changed = (await mailsTo('nofactor@example.com')).filter(
      (m) => m.template === 'password-changed',
    );
    expect(changed.at(-1)?.text).not.toContain('paused');
  });
});

describe('what a reset or a change leaves alive', () => {
  it('ends a session the browser carried into the reset, even another account’s', async () => {
    const { agent: other } = await registerUser(t.app, 'carried-other@example.com');
    await registerUser(t.app, 'carried-reset@example.com');
    await sendPasswordReset(t.app.ctx, 'carried-reset@example.com', 'en');
    const token = (await resetLinkFor('carried-reset@example.com'))!;
    const carried = other.cookies.get('cairn_session')!;

    const res = await other.post('/api/v1/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(other.cookies.get('cairn_session')).not.toBe(carried);
    const stale = new Agent(t.app);
    stale.cookies.set('cairn_session', carried);
    expect((await stale.get('/api/v1/auth/session')).statusCode).toBe(401);
    // The browser is now the reset account's.
    expect((await other.get('/api/v1/auth/session')).json().user.email).toBe(
      'carried-reset@example.com',
    );
  });

  it('makes reset links sent before a password change stop working', async () => {
    const { agent } = await registerUser(t.app, 'change-then-link@example.com');
    await sendPasswordReset(t.app.ctx, 'change-then-link@example.com', 'en');
    const token = (await resetLinkFor('change-then-link@example.com'))!;
    const changed = await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const late = await new Agent(t.app).post('/api/v1/auth/password/reset', {
      token,
      password: 'Another-Pass-8',
    });
    expect(late.json().error).toMatchObject({
      code: 'RECOVERY_LINK_EXPIRED',
      message: 'This recovery link has expired. Please request a new one.',
    });
    expect((await signIn('change-then-link@example.com', NEW_PASSWORD)).res.statusCode).toBe(200);
  });
});
