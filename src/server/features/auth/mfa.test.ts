import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOtps, mailOutbox, mfaFactors, notifications, sessions } from '../../db/schema';
import { loadSessionAuth } from '../session';
import { FakeClock, MINUTE, SECOND } from '../../platform/clock';
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
import { sendRecoveryCode } from './auth.service';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => clock.advance(MINUTE));

let emailCounter = 0;
async function userWithAuthenticator() {
  emailCounter += 1;
  const email = `mfa${emailCounter}@example.com`;
  const { agent, userId } = await registerUser(t.app, email);
  const factor = await addAuthenticator(agent, clock.now(), 'Phone');
  return { email, agent, userId, factor };
}

async function signIn(email: string) {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const res = await agent.post('/api/v1/auth/login', {
    email,
    password: STRONG_PASSWORD,
    remember: false,
  });
  return { agent, res };
}

async function challenge(agent: Agent, factorId: string) {
  const res = await agent.post(`/api/v1/auth/mfa/factors/${factorId}/challenge`);
  expect(res.statusCode).toBe(201);
  return (res.json() as { challengeId: string }).challengeId;
}

describe('enrolment', () => {
  it('returns a QR code, the secret and an otpauth URI with the spec’s parameters', async () => {
    const { agent } = await registerUser(t.app, 'enrol@example.com');
    const res = await agent.post('/api/v1/auth/mfa/factors', { friendlyName: 'Work phone' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Cairn',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      secret: body.secret,
    });
    const factors = (await agent.get('/api/v1/auth/mfa/factors')).json().factors;
    expect(factors).toEqual([
      expect.objectContaining({
        friendlyName: 'Work phone',
        status: 'unverified',
        factorType: 'totp',
      }),
    ]);
  });

  it('stores the secret encrypted', async () => {
    const { agent } = await registerUser(t.app, 'secret@example.com');
    const { id, secret } = (await agent.post('/api/v1/auth/mfa/factors', {})).json();
    const [row] = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, id));
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain(secret);
  });

  it('replaces a leftover unverified factor and names factors by date by default', async () => {
    const { agent } = await registerUser(t.app, 'leftover@example.com');
    await agent.post('/api/v1/auth/mfa/factors', {});
    clock.advance(MINUTE);
    await agent.post('/api/v1/auth/mfa/factors', {});
    const factors = (await agent.get('/api/v1/auth/mfa/factors')).json().factors;
    expect(factors).toHaveLength(1);
    expect(factors[0].friendlyName).toMatch(/^Authenticator \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('verifies the new factor and raises the session to aal2', async () => {
    const { agent } = await registerUser(t.app, 'verify@example.com');
    await addAuthenticator(agent, clock.now());
    expect((await agent.get('/api/v1/auth/mfa/assurance')).json()).toEqual({
      current: 'aal2',
      next: 'aal2',
      bypass: false,
    });
    const factors = (await agent.get('/api/v1/auth/mfa/factors')).json().factors;
    expect(factors[0].status).toBe('verified');
  });

  it('keeps names unique per user', async () => {
    const { agent } = await userWithAuthenticator();
    const res = await agent.post('/api/v1/auth/mfa/factors', { friendlyName: 'Phone' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('FACTOR_NAME_TAKEN');
  });
});

describe('second step at sign-in', () => {
  it('holds the session pending: every other endpoint answers 403 until the code is given', async () => {
    const { email, factor } = await userWithAuthenticator();
    const { agent, res } = await signIn(email);
    // The session is not exposed while the step is pending: no user, only what the screen needs.
    expect(res.json()).toEqual({
      aal: 'aal1',
      mfaRequired: true,
      factors: [
        {
          id: factor.id,
          friendlyName: 'Phone',
          factorType: 'totp',
          status: 'verified',
          createdAt: expect.any(String),
        },
      ],
    });
    const pendingSession = (await agent.get('/api/v1/auth/session')).json();
    expect(pendingSession).toEqual({
      aal: 'aal1',
      mfa: { pending: true, bypass: false },
      factors: [expect.objectContaining({ id: factor.id })],
    });
    expect(JSON.stringify(pendingSession)).not.toContain(email);

    for (const [method, url] of [
      ['GET', '/api/v1/profile'],
      ['GET', '/api/v1/auth/sessions'],
      ['GET', '/api/v1/auth/security-settings'],
      ['POST', '/api/v1/auth/mfa/factors'],
      ['DELETE', `/api/v1/auth/mfa/factors/${factor.id}`],
      ['DELETE', '/api/v1/auth/mfa/factors'],
      ['GET', '/api/v1/device-location'],
    ] as const) {
      const refused = await agent.request(method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'MFA_REQUIRED',
        message: 'Please complete two-factor authentication',
      });
    }

    clock.advance(MINUTE); // past the step whose code the enrolment used
    const challengeId = await challenge(agent, factor.id);
    const before = agent.cookies.get('cairn_session');
    const verified = await agent.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId,
      code: totpCode(factor.secret, clock.now()),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      user: { email },
      aal: 'aal2',
      mfa: { pending: false, bypass: false },
    });
    expect(agent.cookies.get('cairn_session')).not.toBe(before);
    expect((await agent.get('/api/v1/profile')).statusCode).toBe(200);
  });

  it('accepts a code from the previous or next 30-second step, not further', async () => {
    const { email, factor } = await userWithAuthenticator();
    for (const [offset, ok] of [
      [-30, true],
      [30, true],
      [-90, false],
      [90, false],
    ] as const) {
      clock.advance(MINUTE);
      const { agent } = await signIn(email);
      const challengeId = await challenge(agent, factor.id);
      const code = totpCode(factor.secret, new Date(clock.now().getTime() + offset * SECOND));
      const res = await agent.post('/api/v1/auth/mfa/verify', {
        factorId: factor.id,
        challengeId,
        code,
      });
      expect(res.statusCode, `offset ${offset}s`).toBe(ok ? 200 : 400);
    }
  });

  it('refuses a code already accepted, even on a new challenge', async () => {
    const { email, factor } = await userWithAuthenticator();
    const code = totpCode(factor.secret, clock.now());
    // The enrolment above used this step's code? Move to a fresh step first.
    clock.advance(MINUTE);
    const fresh = totpCode(factor.secret, clock.now());
    expect(fresh).not.toBe(code);
    const { agent } = await signIn(email);
    expect(
      (
        await agent.post('/api/v1/auth/mfa/verify', {
          factorId: factor.id,
          challengeId: await challenge(agent, factor.id),
          code: fresh,
        })
      ).statusCode,
    ).toBe(200);

    const { agent: other } = await signIn(email);
    const replay = await other.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId: await challenge(other, factor.id),
      code: fresh,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'INVALID_CODE',
      message: 'Invalid verification code',
    });
  });

  it('gives exactly one success to two verifications of one code at the same moment', async () => {
    const { email, factor } = await userWithAuthenticator();
    clock.advance(MINUTE);
    const { agent: first } = await signIn(email);
    const { agent: second } = await signIn(email);
    const [c1, c2] = [await challenge(first, factor.id), await challenge(second, factor.id)];
    const code = totpCode(factor.secret, clock.now());
    const results = await Promise.all([
      first.post('/api/v1/auth/mfa/verify', { factorId: factor.id, challengeId: c1, code }),
      second.post('/api/v1/auth/mfa/verify', { factorId: factor.id, challengeId: c2, code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('expires a challenge after 5 minutes, and a new challenge works', async () => {
    const { email, factor } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    const challengeId = await challenge(agent, factor.id);
    clock.advance(5 * MINUTE + SECOND);
    const late = await agent.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId,
      code: totpCode(factor.secret, clock.now()),
    });
    expect(late.json().error).toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      message: 'This challenge has expired. Please refresh the page and try again.',
    });
    const refreshed = await challenge(agent, factor.id);
    const ok = await agent.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId: refreshed,
      code: totpCode(factor.secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('spends a challenge after 5 wrong codes: it then answers like an expired one (ask for a new one)', async () => {
    const { email, factor } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    const challengeId = await challenge(agent, factor.id);
    const right = totpCode(factor.secret, clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const verify = (id: string, code: string) =>
      agent.post('/api/v1/auth/mfa/verify', { factorId: factor.id, challengeId: id, code });
    for (let i = 0; i < 4; i += 1)
      expect((await verify(challengeId, wrong)).json().error.code).toBe('INVALID_CODE');
    // The fifth wrong code also locks the factor: the answer says for how long.
    const fifth = await verify(challengeId, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 15 * 60 },
    });
    expect(fifth.headers['retry-after']).toBe(String(15 * 60));
    const spent = await verify(challengeId, right);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error.code).toBe('CHALLENGE_EXPIRED');
  });

  it('locks an authenticator after 5 wrong codes in 15 minutes, whatever the challenge, with a growing lockout', async () => {
    const { email, factor } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    const wrong = () => (totpCode(factor.secret, clock.now()) === '000000' ? '111111' : '000000');
    const verify = (challengeId: string, code: string) =>
      agent.post('/api/v1/auth/mfa/verify', { factorId: factor.id, challengeId, code });

    // Guesses spread over several challenges count together.
    const first = await challenge(agent, factor.id);
    for (let i = 0; i < 3; i += 1)
      expect((await verify(first, wrong())).json().error.code).toBe('INVALID_CODE');
    const second = await challenge(agent, factor.id);
    expect((await verify(second, wrong())).json().error.code).toBe('INVALID_CODE');
    const locked = await verify(second, wrong());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.details).toEqual({ retryAfterSeconds: 900 });

    // Locked: even the right code on a fresh challenge is refused until the wait is over.
    clock.advance(5 * MINUTE);
    const stillLocked = await verify(
      await challenge(agent, factor.id),
      totpCode(factor.secret, clock.now()),
    );
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json().error.details).toEqual({ retryAfterSeconds: 600 });
    expect(stillLocked.headers['retry-after']).toBe('600');

    // Once it is over, 5 more wrong codes lock it twice as long.
    clock.advance(10 * MINUTE + SECOND);
    const third = await challenge(agent, factor.id);
    for (let i = 0; i < 4; i += 1)
      expect((await verify(third, wrong())).json().error.code).toBe('INVALID_CODE');
    expect((await verify(third, wrong())).json().error.details).toEqual({
      retryAfterSeconds: 1800,
    });
    clock.advance(30 * MINUTE + SECOND);
    const ok = await verify(
      await challenge(agent, factor.id),
      totpCode(factor.secret, clock.now()),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('limits how many challenges one user can create', async () => {
    const { email, factor } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    // The enrolment made one; 10 in 5 minutes is the limit.
    for (let i = 0; i < 9; i += 1) await challenge(agent, factor.id);
    const refused = await agent.post(`/api/v1/auth/mfa/factors/${factor.id}/challenge`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('cancelling signs out', async () => {
    const { email } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    expect((await agent.post('/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(401);
  });
});

describe('managing factors', () => {
  it('lets an aal2 session remove a factor while another verified one remains; a pending session may not', async () => {
    const { agent, email, factor } = await userWithAuthenticator();
    await addAuthenticator(agent, clock.now(), 'Tablet');
    const { agent: pending } = await signIn(email);
    expect((await pending.delete(`/api/v1/auth/mfa/factors/${factor.id}`)).json().error.code).toBe(
      'MFA_REQUIRED',
    );
    expect((await pending.post('/api/v1/auth/mfa/factors', {})).json().error.code).toBe(
      'MFA_REQUIRED',
    );
    expect((await agent.delete(`/api/v1/auth/mfa/factors/${factor.id}`)).statusCode).toBe(200);
    expect(
      (await agent.get('/api/v1/auth/mfa/factors'))
        .json()
        .factors.map((f: { friendlyName: string }) => f.friendlyName),
    ).toEqual(['Tablet']);
  });

  it('never removes the last verified factor one by one, but "clear all" does (at aal2)', async () => {
    const { agent, factor } = await userWithAuthenticator();
    const last = await agent.delete(`/api/v1/auth/mfa/factors/${factor.id}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().error).toMatchObject({
      code: 'LAST_VERIFIED_FACTOR',
      message:
        'You must have at least one verified authenticator. Add another before removing this one.',
    });
    const cleared = await agent.delete('/api/v1/auth/mfa/factors');
    expect(cleared.json()).toEqual({ ok: true, removed: 1 });
    expect((await agent.get('/api/v1/auth/mfa/assurance')).json().next).toBe('aal1');
  });

  it('caps factors at 10 per user', async () => {
    const { agent } = await userWithAuthenticator();
    for (let i = 2; i <= 10; i += 1) {
      clock.advance(MINUTE);
      await addAuthenticator(agent, clock.now(), `Device ${i}`);
    }
    const res = await agent.post('/api/v1/auth/mfa/factors', { friendlyName: 'Eleventh' });
    expect(res.json().error.code).toBe('TOO_MANY_FACTORS');
  });

  it('lets no one touch another user’s factors', async () => {
    const victim = await userWithAuthenticator();
    const { agent: attacker } = await registerUser(t.app, 'attacker@example.com');
    await addAuthenticator(attacker, clock.now());
    expect(
      (await attacker.post(`/api/v1/auth/mfa/factors/${victim.factor.id}/challenge`)).statusCode,
    ).toBe(404);
    expect((await attacker.delete(`/api/v1/auth/mfa/factors/${victim.factor.id}`)).statusCode).toBe(
      404,
    );

    // A challenge of the victim's, presented by the attacker, is unknown to them.
    const { agent: victimPending } = await signIn(victim.email);
    const victimChallenge = await challenge(victimPending, victim.factor.id);
    const stolen = await attacker.post('/api/v1/auth/mfa/verify', {
      factorId: victim.factor.id,
      challengeId: victimChallenge,
      code: totpCode(victim.factor.secret, clock.now()),
    });
    expect(stolen.statusCode).toBe(404);
    const factors = await t.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.id, victim.factor.id));
    expect(factors).toHaveLength(1);
  });
});

describe('email-code recovery', () => {
  async function mailsTo(email: string) {
    return t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(mailOutbox.createdAt);
  }
  async function latestCode(email: string) {
    const mail = (await mailsTo(email)).filter((m) => m.template === 'recovery-code').at(-1);
    return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? null;
  }
  /**
   * Sends a code through the service: the route allows one email a minute per address in real
   * time, which a test on a fake clock cannot wait for.
   */
  async function sendCode(agent: Agent, email: string) {
    const token = agent.cookies.get('cairn_session')!;
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const auth = await loadSessionAuth(t.database.db, row!.id, clock.now());
    await sendRecoveryCode(t.app.ctx, auth!, email, 'en');
  }

  /** Signs in (pending), recovers with an emailed code: a session with the bypass. */
  async function recover(email: string) {
    const { agent } = await signIn(email);
    expect((await agent.post('/api/v1/auth/otp/send', { email })).statusCode).toBe(200);
    const verified = await agent.post('/api/v1/auth/otp/verify', {
      email,
      code: await latestCode(email),
    });
    expect(verified.statusCode).toBe(200);
    return agent;
  }

  it('is only for a pending second step, with the account’s own email typed in', async () => {
    const { agent, email } = await userWithAuthenticator();
    expect((await agent.post('/api/v1/auth/otp/send', { email })).statusCode).toBe(400);
    const { agent: pending } = await signIn(email);
    const before = (await mailsTo(email)).length;
    const mismatch = await pending.post('/api/v1/auth/otp/send', {
      email: 'someone-else@example.com',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'email: Enter the email address of this account',
      details: { issues: [{ path: 'email', message: 'Enter the email address of this account' }] },
    });
    // Nothing was sent, to either address.
    expect(await mailsTo(email)).toHaveLength(before);
    expect(await mailsTo('someone-else@example.com')).toEqual([]);
    expect((await new Agent(t.app).post('/api/v1/auth/otp/send', { email })).statusCode).toBe(401);
  });

  it('completes the step, sets the bypass, and tells the user by email and notification', async () => {
    const { email, userId } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    const sent = await agent.post('/api/v1/auth/otp/send', { email });
    expect(sent.json()).toEqual({ ok: true, resendAfterSeconds: 60 });
    expect((await agent.post('/api/v1/auth/otp/send', { email })).statusCode).toBe(429);

    const code = (await latestCode(email))!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.db.select().from(emailOtps).where(eq(emailOtps.userId, userId));
    expect(stored.every((row) => row.codeHash !== code)).toBe(true);
    // The code is in the body only, never in the subject (subjects are logged and listed).
    const codeMail = (await mailsTo(email)).find((m) => m.template === 'recovery-code')!;
    expect(codeMail.subject).toBe('Your Cairn verification code');
    expect(codeMail.subject).not.toContain(code);

    const verified = await agent.post('/api/v1/auth/otp/verify', { email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      user: { email },
      aal: 'aal1',
      mfa: { pending: false, bypass: true },
    });
    expect((await agent.get('/api/v1/auth/mfa/assurance')).json()).toEqual({
      current: 'aal1',
      next: 'aal2',
      bypass: true,
    });

    const security = (await mailsTo(email)).map((m) => m.template);
    expect(security).toContain('recovery-used');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(notices.map((n) => n.metadata.key)).toContain('recoveryUsed');
  });

  it('lets a recovered user do what the recovery email advises: add a new authenticator, then remove the lost one', async () => {
    const { email, factor: lost } = await userWithAuthenticator();
    clock.advance(MINUTE);
    const agent = await recover(email);
    const advice = (await mailsTo(email)).filter((m) => m.template === 'recovery-used').at(-1)!;
    expect(advice.text).toContain('add a new authenticator in Settings › Security');
    expect(advice.text).toContain('then remove the one you lost');

    // The bypass allows enrolling while the lost factor is still verified...
    const added = await addAuthenticator(agent, clock.now(), 'New phone');
    // ...and removing the lost one, now that another verified one remains.
    const removed = await agent.delete(`/api/v1/auth/mfa/factors/${lost.id}`);
    expect(removed.statusCode).toBe(200);
    const factors = (await agent.get('/api/v1/auth/mfa/factors')).json().factors;
    expect(factors).toEqual([expect.objectContaining({ id: added.id, status: 'verified' })]);

    // The next sign-in asks for the new authenticator.
    clock.advance(MINUTE);
    const { agent: next, res } = await signIn(email);
    expect(res.json()).toMatchObject({ mfaRequired: true, factors: [{ id: added.id }] });
    const ok = await next.post('/api/v1/auth/mfa/verify', {
      factorId: added.id,
      challengeId: await challenge(next, added.id),
      code: totpCode(added.secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not need aal2 to delete when the bypass is set, but does without it; the last verified factor stays', async () => {
    const { agent, email, factor } = await userWithAuthenticator();
    const spare = await addAuthenticator(agent, clock.now(), 'Spare');
    // Without the bypass, an aal1 session with a verified factor is pending: refused.
    const { agent: pending } = await signIn(email);
    expect((await pending.delete(`/api/v1/auth/mfa/factors/${spare.id}`)).json().error.code).toBe(
      'MFA_REQUIRED',
    );
    clock.advance(MINUTE);
    const bypass = await recover(email);
    expect((await bypass.get('/api/v1/auth/session')).json()).toMatchObject({
      aal: 'aal1',
      mfa: { pending: false, bypass: true },
    });
    expect((await bypass.delete(`/api/v1/auth/mfa/factors/${spare.id}`)).statusCode).toBe(200);
    const last = await bypass.delete(`/api/v1/auth/mfa/factors/${factor.id}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().error.code).toBe('LAST_VERIFIED_FACTOR');
    // "Remove all" is the way to none, with the bypass too.
    expect((await bypass.delete('/api/v1/auth/mfa/factors')).json()).toEqual({
      ok: true,
      removed: 1,
    });
  });

  it('spends a code after 5 wrong tries, refuses reused codes and codes older than 10 minutes', async () => {
    const { email } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    await agent.post('/api/v1/auth/otp/send', { email });
    const code = (await latestCode(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await agent.post('/api/v1/auth/otp/verify', { email, code: wrong })).json().error.code,
      ).toBe('INVALID_CODE');
    }
    // The fifth wrong try locks email codes for this user, and says for how long.
    const fifth = await agent.post('/api/v1/auth/otp/verify', { email, code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.details).toEqual({ retryAfterSeconds: 900 });
    expect(fifth.headers['retry-after']).toBe('900');
    const locked = await agent.post('/api/v1/auth/otp/verify', { email, code });
    expect(locked.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 900 },
    });
    // Asking for a new code does not give new guesses while locked.
    clock.advance(61 * SECOND);
    await expect(sendCode(agent, email)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 900 - 61 },
    });

    // After the wait, the spent code stays spent.
    clock.advance(15 * MINUTE);
    const { agent: later } = await signIn(email);
    expect((await later.post('/api/v1/auth/otp/verify', { email, code })).json().error.code).toBe(
      'CODE_EXPIRED',
    );
    await sendCode(later, email);
    const fresh = (await latestCode(email))!;
    expect(fresh).not.toBe(code);
    clock.advance(10 * MINUTE + SECOND);
    const expired = await later.post('/api/v1/auth/otp/verify', { email, code: fresh });
    expect(expired.json().error).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Please request a new one.',
    });
  });

  it('counts wrong tries per user: a new code does not give five new guesses', async () => {
    const { email } = await userWithAuthenticator();
    const { agent } = await signIn(email);
    await agent.post('/api/v1/auth/otp/send', { email });
    const first = (await latestCode(email))!;
    for (let i = 0; i < 3; i += 1) {
      const wrong = first === '000000' ? '111111' : '000000';
      expect(
        (await agent.post('/api/v1/auth/otp/verify', { email, code: wrong })).json().error.code,
      ).toBe('INVALID_CODE');
    }
    clock.advance(61 * SECOND);
    await sendCode(agent, email);
    const second = (await latestCode(email))!;
    expect(second).not.toBe(first);
    const wrong = second === '000000' ? '111111' : '000000';
    expect(
      (await agent.post('/api/v1/auth/otp/verify', { email, code: wrong })).json().error.code,
    ).toBe('INVALID_CODE');
    const locked = await agent.post('/api/v1/auth/otp/verify', { email, code: wrong });
    expect(locked.statusCode).toBe(429);
    expect((await agent.post('/api/v1/auth/otp/verify', { email, code: second })).statusCode).toBe(
      429,
    );
  });
});
