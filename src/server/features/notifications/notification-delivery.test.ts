import { and, eq, gte } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdateSettingsBody } from '@/contracts/settings';
import { mailOutbox, notificationDeliveries } from '../../db/schema';
import { registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FakeClock, MINUTE } from '../../platform/clock';
import {
  MAX_DELIVERY_ATTEMPTS,
  purgeOldDeliveries,
  sendDueDeliveries,
} from './notification-delivery';
import { notify } from './notify';

/**
 * Notification delivery by email, with a controlled clock: instant, daily and weekly digests in
 * the user's language and time zone, quiet hours, security always at once, categories off, the
 * auth flows' own emails not doubled, and retries.
 */

const clock = new FakeClock(new Date('2026-11-26T10:00:00Z'));
let t: TestApp;
const db = () => t.database.db;
const log = { warn: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function user(settings: UpdateSettingsBody = {}) {
  const email = `deliver-${uniqueIp().replaceAll('.', '-')}@example.com`;
  const { agent, userId } = await registerUser(t.app, email);
  if (Object.keys(settings).length) {
    const res = await agent.patch('/api/v1/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { agent, userId, email };
}

/** The delivery job's run at the clock's time. */
const run = () => sendDueDeliveries(t.app.ctx, log);

const mails = (to: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);

/** Emails to `to` other than the ones registration sends (activation). */
const deliveryMails = async (to: string) =>
  (await mails(to)).filter((mail) => mail.template.startsWith('notification'));

const imported = (userId: string, portfolio: string, rows: number) =>
  notify(t.app.ctx, {
    userId,
    type: 'success',
    key: 'importFinished',
    params: { portfolio, rows },
  });

const rowsOf = (userId: string) =>
  db()
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.userId, userId))
    .orderBy(notificationDeliveries.createdAt);

describe('email delivery', () => {
  it('sends an instant notification once, in its own email', async () => {
    clock.set('2026-11-26T10:00:00Z');
    const u = await user();
    await imported(u.userId, 'Main', 12);
    expect(await run()).toMatchObject({ emails: 1 });
    expect(await run()).toMatchObject({ emails: 0 });
    const sent = await deliveryMails(u.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'notification', subject: 'Import finished' });
    expect(sent[0]?.text).toContain('Your import into "Main" is complete. Rows imported: 12.');
    expect(sent[0]?.text).toContain('http://localhost:3000/dashboard');
    const rows = (await rowsOf(u.userId)).filter((row) => row.channel === 'email');
    expect(rows).toMatchObject([
      { status: 'sent', category: 'transactions', attempts: 1, kind: 'notification' },
    ]);
  });

  it('groups three notifications into one daily digest at 08:00 local, in French', async () => {
    clock.set('2026-11-26T10:00:00Z'); // 11:00 in Paris
    const u = await user({
      preferences: { language: 'fr' },
      account: { timezone: 'Europe/Paris' },
      notifications: { emailFrequency: 'daily' },
    });
    for (const [i, name] of ['Principal', 'PEA', 'Crypto'].entries()) {
      clock.advance(MINUTE);
      await imported(u.userId, name, i + 1);
    }
    await run();
    clock.set('2026-11-27T06:59:00Z'); // 07:59 in Paris
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
    clock.set('2026-11-27T07:00:00Z'); // 08:00 in Paris
    expect(await run()).toMatchObject({ emails: 1 });
    const sent = await deliveryMails(u.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: 'notification-digest',
      subject: 'Votre résumé Cairn : 3 notifications',
    });
    const text = sent[0]?.text ?? '';
    expect(text).toContain('Votre résumé du jour');
    expect(text).toContain('Votre import dans « Principal » est terminé. Lignes importées : 1.');
    expect(text).toContain('Votre import dans « PEA » est terminé. Lignes importées : 2.');
    expect(text).toContain('Votre import dans « Crypto » est terminé. Lignes importées : 3.');
    // Each item with its time in Paris (11:01 on 26 November).
    expect(text).toContain('26 novembre à 11:01 UTC+1');
    expect(sent[0]?.html).toContain('<html lang="fr">');
    expect(await run()).toMatchObject({ emails: 0 });
  });

  it('sends a weekly digest on Monday at 08:00 local', async () => {
    clock.set('2026-11-27T15:00:00Z'); // a Friday
    const u = await user({ notifications: { emailFrequency: 'weekly' } });
    await imported(u.userId, 'Main', 1);
    clock.set('2026-11-28T07:00:00Z');
    await imported(u.userId, 'Side', 2);
    clock.set('2026-11-30T07:59:00Z');
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
    clock.set('2026-11-30T08:00:00Z'); // Monday 08:00 UTC (no time zone set: UTC)
    await run();
    const sent = await deliveryMails(u.email);
    expect(sent).toMatchObject([
      { template: 'notification-digest', subject: 'Your Cairn digest: 2 notifications' },
    ]);
    expect(sent[0]?.text).toContain('Your weekly digest');
  });

  it('holds an instant email during quiet hours (22:00-08:00) until they end', async () => {
    clock.set('2026-11-26T21:00:00Z'); // 22:00 in Paris
    const u = await user({
      account: { timezone: 'Europe/Paris' },
      notifications: { quietHoursEnabled: true, quietHoursStart: '22:00', quietHoursEnd: '08:00' },
    });
    clock.set('2026-11-26T23:30:00Z'); // 00:30 in Paris
    await imported(u.userId, 'Night', 5);
    await run();
    clock.set('2026-11-27T06:59:00Z');
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
    clock.set('2026-11-27T07:00:00Z'); // 08:00 in Paris
    await run();
    expect(await deliveryMails(u.email)).toMatchObject([{ template: 'notification' }]);
  });

  it('sends a security email at once during quiet hours, with a weekly frequency', async () => {
    clock.set('2026-11-27T01:00:00Z');
    const u = await user({
      notifications: {
        emailFrequency: 'weekly',
        emailSecurity: false,
        quietHoursEnabled: true,
        quietHoursStart: '22:00',
        quietHoursEnd: '08:00',
      },
    });
    await notify(t.app.ctx, {
      userId: u.userId,
      type: 'system',
      key: 'factorAdded',
      params: { name: 'Phone' },
    });
    await run();
    const sent = await deliveryMails(u.email);
    expect(sent).toMatchObject([
      { template: 'notification-security', subject: 'Two-factor method added' },
    ]);
    expect(sent[0]?.text).toContain('Security emails are always sent');
  });

  it('plans no email for a category that is off', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user({ notifications: { emailTransactions: false } });
    await imported(u.userId, 'Quiet', 1);
    expect((await rowsOf(u.userId)).filter((row) => row.channel === 'email')).toEqual([]);
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
  });

  it('skips a planned email whose category was turned off before it left', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user({ notifications: { emailFrequency: 'daily' } });
    await imported(u.userId, 'Later', 1);
    await u.agent.patch('/api/v1/settings', { notifications: { emailTransactions: false } });
    clock.set('2026-11-28T08:00:00Z');
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
    expect((await rowsOf(u.userId)).map((row) => row.status)).toEqual(['skipped']);
  });

  it('does not double the emails the auth flows send themselves', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user();
    const res = await u.agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Another-Horse-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    await run();
    const sent = await mails(u.email);
    expect(sent.filter((mail) => mail.template === 'password-changed')).toHaveLength(1);
    expect(sent.filter((mail) => mail.template.startsWith('notification'))).toHaveLength(0);
    // Registration's sign-in alert was emailed by the sign-in itself, not planned again.
    expect(sent.filter((mail) => mail.template === 'login-notification')).toHaveLength(1);
    expect((await rowsOf(u.userId)).filter((row) => row.channel === 'email')).toEqual([]);
  });

  it('does not add a second email to a portfolio invitation', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const owner = await user();
    const invitee = await user();
    const [portfolio] = (
      (await owner.agent.get('/api/v1/portfolios')).json() as { portfolios: { id: string }[] }
    ).portfolios;
    const res = await owner.agent.post(`/api/v1/portfolios/${portfolio!.id}/shares`, {
      email: invitee.email,
      permissionLevel: 'read',
    });
    expect(res.statusCode, res.body).toBe(201);
    await run();
    const sent = await mails(invitee.email);
    expect(sent.filter((mail) => mail.template.startsWith('notification'))).toHaveLength(0);
    expect(
      sent.filter((mail) => !['activate-account', 'login-notification'].includes(mail.template)),
    ).toHaveLength(1);
  });

  it('tries a failed send again later, then gives up after the last attempt', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user();
    await imported(u.userId, 'Flaky', 1);
    const queue = vi.spyOn(t.app.ctx.mailer, 'queue').mockRejectedValueOnce(new Error('disk full'));
    await run();
    let [row] = (await rowsOf(u.userId)).filter((r) => r.channel === 'email');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'disk full' });
    expect(row?.dueAt.getTime()).toBe(clock.now().getTime() + MINUTE);
    expect(await deliveryMails(u.email)).toHaveLength(0);
    // Not before its time, then sent.
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(0);
    clock.advance(MINUTE);
    await run();
    expect(await deliveryMails(u.email)).toHaveLength(1);
    [row] = (await rowsOf(u.userId)).filter((r) => r.channel === 'email');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    // Always failing: 'failed' after MAX_DELIVERY_ATTEMPTS.
    await imported(u.userId, 'Broken', 2);
    queue.mockRejectedValue(new Error('still full'));
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i += 1) {
      await run();
      clock.advance(60 * MINUTE);
    }
    queue.mockRestore();
    const broken = (await rowsOf(u.userId)).filter(
      (r) => r.channel === 'email' && r.status !== 'sent',
    );
    expect(broken).toMatchObject([
      { status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, lastError: 'still full' },
    ]);
  });

  it('writes nothing for a notification whose transaction rolled back', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user();
    await expect(
      db().transaction(async (tx) => {
        await notify(
          t.app.ctx,
          { userId: u.userId, type: 'success', key: 'importFinished', params: { rows: 1 } },
          tx,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(
      await db()
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, u.userId),
            gte(notificationDeliveries.createdAt, clock.now()),
          ),
        ),
    ).toEqual([]);
  });
});

describe('through SMTP', () => {
  it('hands the email to the mailer, which retries a refused send', async () => {
    let failNext = 0;
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          if (failNext > 0) {
            failNext -= 1;
            callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
            return;
          }
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const smtpClock = new FakeClock(new Date('2026-11-27T12:00:00Z'));
    const app = await createTestApp({
      clock: smtpClock,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      const { userId } = await registerUser(app.app, 'smtp-delivery@example.com');
      // The mailer's worker sends in the background: wait for what it does.
      const eventually = async <T>(check: () => Promise<T | null | undefined | false>) => {
        for (let i = 0; i < 250; i += 1) {
          const value = await check();
          if (value) return value;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('condition not met in time');
      };
      // Registration's own emails (activation, sign-in alert) go out first.
      await eventually(async () => received.length >= 2);
      received.length = 0;
      failNext = 1;
      await notify(app.app.ctx, {
        userId,
        type: 'success',
        key: 'importFinished',
        params: { portfolio: 'Main', rows: 3 },
      });
      await sendDueDeliveries(app.app.ctx, log);
      const outbox = () =>
        app.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'notification'));
      // The first try is refused: the message waits for its next attempt.
      const refused = await eventually(async () => {
        const [row] = await outbox();
        return row?.lastError ? row : null;
      });
      expect(refused).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: expect.stringContaining('mailbox'),
      });
      expect(received).toEqual([]);
      smtpClock.advance(60 * MINUTE);
      await app.app.ctx.mailer.deliverPending();
      await eventually(async () => (await outbox())[0]?.status === 'sent');
      expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2 }]);
      expect(received.filter((to) => to === 'smtp-delivery@example.com')).toHaveLength(1);
      // The delivery row was sent once: the mailer's retry is not a second delivery.
      expect(
        (
          await app.database.db
            .select()
            .from(notificationDeliveries)
            .where(eq(notificationDeliveries.userId, userId))
        ).map((row) => [row.status, row.attempts]),
      ).toEqual([['sent', 1]]);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('housekeeping', () => {
  it('forgets finished deliveries after 90 days, never pending ones', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const u = await user({ notifications: { emailFrequency: 'weekly' } });
    await imported(u.userId, 'Kept', 1);
    await imported(u.userId, 'Sent', 2);
    const [, sentRow] = await rowsOf(u.userId);
    await db()
      .update(notificationDeliveries)
      .set({ status: 'sent' })
      .where(eq(notificationDeliveries.id, sentRow!.id));
    clock.advance(89 * 24 * 60 * MINUTE);
    await purgeOldDeliveries(t.database, clock.now());
    expect(await rowsOf(u.userId)).toHaveLength(2);
    clock.advance(2 * 24 * 60 * MINUTE);
    expect(await purgeOldDeliveries(t.database, clock.now())).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(u.userId)).map((row) => row.status)).toEqual(['pending']);
  });
});
