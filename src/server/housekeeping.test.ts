import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '@/contracts/realtime';
import {
  authLockouts,
  authTokens,
  emailOtps,
  mailOutbox,
  mfaChallenges,
  sessions,
} from './db/schema';
import { sendPasswordReset } from './features/auth';
import { runHousekeeping } from './housekeeping';
import { DAY, FakeClock, HOUR, MINUTE, SECOND } from './platform/clock';
import { Jobs } from './platform/jobs';
import { addAuthenticator, Agent, registerUser, STRONG_PASSWORD, uniqueIp } from './testing/agent';
import { createTestApp, TEST_ORIGIN, type TestApp } from './testing/test-app';
import { TestSocket } from './testing/ws-client';

let t: TestApp;
// Near the real time: outbox rows are stamped by the database.
const clock = new FakeClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('housekeeping', () => {
  it('purges expired sessions (closing their sockets), old links, codes, challenges and guess counters', async () => {
    const { agent, userId } = await registerUser(t.app, 'old@example.com');
    const factor = await addAuthenticator(agent, clock.now());
    // A pending sign-in that asks for an emailed code, makes a challenge and guesses wrong.
    const pending = new Agent(t.app, { ip: uniqueIp() });
    await pending.post('/api/v1/auth/login', {
      email: 'old@example.com',
      password: STRONG_PASSWORD,
    });
    await pending.post('/api/v1/auth/otp/send', { email: 'old@example.com' });
    // (A second challenge: the enrolment made the first.)
    await pending.post(`/api/v1/auth/mfa/factors/${factor.id}/challenge`);
    await pending.post('/api/v1/auth/otp/verify', { email: 'old@example.com', code: '000000' });
    await sendPasswordReset(t.app.ctx, 'old@example.com', 'en');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: agent.cookieHeader(),
    });
    const count = async () => ({
      sessions: (await db().select().from(sessions).where(eq(sessions.userId, userId))).length,
      links: (await db().select().from(authTokens).where(eq(authTokens.userId, userId))).length,
      codes: (await db().select().from(emailOtps).where(eq(emailOtps.userId, userId))).length,
      challenges: (await db().select().from(mfaChallenges).where(eq(mfaChallenges.userId, userId)))
        .length,
      lockouts: (await db().select().from(authLockouts).where(eq(authLockouts.userId, userId)))
        .length,
    });
    expect(await count()).toEqual({ sessions: 2, links: 2, codes: 1, challenges: 2, lockouts: 1 });

    // Nothing is due yet.
    await runHousekeeping(t.app.ctx);
    expect(await count()).toEqual({ sessions: 2, links: 2, codes: 1, challenges: 2, lockouts: 1 });

    // 13 hours on: both sessions (12 h without "remember me") are over; codes and challenges
    // are kept a day past expiry, links a week.
    clock.advance(13 * HOUR);
    const first = await runHousekeeping(t.app.ctx);
    expect(first).toMatchObject({ sessions: 2, links: 0, codes: 0, challenges: 0 });
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    clock.advance(DAY);
    expect(await runHousekeeping(t.app.ctx)).toMatchObject({
      codes: 1,
      challenges: 2,
      lockouts: 1,
    });
    // The reset link (1 h) goes a week after its expiry, the activation link (kept as used, so a
    // second opening says so) a week after its use.
    clock.advance(5 * DAY);
    expect((await runHousekeeping(t.app.ctx)).links).toBe(0);
    clock.advance(DAY);
    expect((await runHousekeeping(t.app.ctx)).links).toBe(2);
    expect(await count()).toEqual({ sessions: 0, links: 0, codes: 0, challenges: 0, lockouts: 0 });
  });

  it('clears outbox email bodies and links after 7 days, keeping who, what and when', async () => {
    clock.set(new Date());
    await registerUser(t.app, 'outbox-body@example.com');
    const row = async () =>
      (
        await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox-body@example.com'))
      ).find((mail) => mail.template === 'activate-account')!;
    expect((await row()).text).toContain('/auth/activate?token=');
    expect((await row()).actionUrl).toMatch(/\/auth\/activate\?token=/);
    // An administrator passes links on while no mail server is set (/admin/mail): kept a week.
    clock.advance(7 * DAY - MINUTE);
    await runHousekeeping(t.app.ctx);
    expect((await row()).text).toContain('/auth/activate?token=');
    clock.advance(2 * MINUTE);
    await runHousekeeping(t.app.ctx);
    expect(await row()).toMatchObject({
      text: '',
      html: '',
      actionUrl: null,
      subject: 'Activate your Cairn account',
      template: 'activate-account',
      status: 'stored',
    });
  });

  it('gives up undelivered email after a day, and clears failed ones', async () => {
    clock.set(new Date());
    const [pending] = await db()
      .insert(mailOutbox)
      .values({
        to: 'smtp@example.com',
        subject: 's',
        text: 'link',
        html: '<p>link</p>',
        template: 't',
      })
      .returning();
    const [failed] = await db()
      .insert(mailOutbox)
      .values({
        to: 'smtp@example.com',
        subject: 's',
        text: 'code',
        html: '<p>code</p>',
        template: 't',
        status: 'failed',
      })
      .returning();
    await runHousekeeping(t.app.ctx);
    const read = async (id: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    expect(await read(failed!.id)).toMatchObject({ text: '', html: '', status: 'failed' });
    expect(await read(pending!.id)).toMatchObject({ text: 'link', status: 'pending' });
    clock.advance(DAY + SECOND);
    await runHousekeeping(t.app.ctx);
    expect(await read(pending!.id)).toMatchObject({ text: '', html: '', status: 'failed' });
  });
});

describe('periodic jobs', () => {
  it('run on schedule, one at a time, until stopped', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const jobs = new Jobs({ error: (obj) => errors.push(obj) });
      let runs = 0;
      let release: () => void = () => {};
      jobs.every(
        'tick',
        HOUR,
        () =>
          new Promise<void>((resolve) => {
            runs += 1;
            release = resolve;
          }),
        MINUTE,
      );
      await vi.advanceTimersByTimeAsync(MINUTE - 1);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      // Still running an hour later: no second run on top of it.
      await vi.advanceTimersByTimeAsync(HOUR);
      expect(runs).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(HOUR);
      expect(runs).toBe(2);
      release();
      jobs.stop();
      await vi.advanceTimersByTimeAsync(5 * HOUR);
      expect(runs).toBe(2);
      await jobs.idle();
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
