import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox } from '../../db/schema';
import { DAY, FakeClock, HOUR } from '../../platform/clock';
import { runHousekeeping } from '../../housekeeping';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

/**
 * Outgoing mail for administrators (issue 26): without SMTP_URL the emails wait at /admin/mail
 * and the administrator passes their links on. The list has no bodies; reading one is audited;
 * nobody but an administrator sees any of it.
 */

// The outbox dates its rows by the database's clock: the fake one starts from the real time.
const clock = new FakeClock(new Date());
let t: TestApp;
let admin: Agent;
let member: Agent;
const db = () => t.database.db;

type Entry = {
  id: string;
  to: string;
  template: string;
  status: string;
  hasBody: boolean;
  hasLink: boolean;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = new Agent(t.app, { ip: uniqueIp() });
  const setup = await admin.post('/api/v1/auth/setup', {
    email: 'mail-admin@example.com',
    password: STRONG_PASSWORD,
  });
  expect(setup.statusCode).toBe(201);
  ({ agent: member } = await registerUser(t.app, 'member@example.com'));
});
afterAll(() => t.close());

async function list(query = '') {
  const res = await admin.get(`/api/v1/admin/mail${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { delivery: boolean; waiting: number; entries: Entry[]; total: number };
}

describe('the outgoing mail of a server without SMTP_URL', () => {
  it('lists who, what and when, without any body, and says mail is not delivered', async () => {
    const visitor = new Agent(t.app, { ip: uniqueIp() });
    const signUp = await visitor.post('/api/v1/auth/register', {
      email: 'newcomer@example.com',
      password: STRONG_PASSWORD,
    });
    expect(signUp.statusCode).toBe(202);
    await t.app.ctx.jobs.idle();

    const res = await admin.get('/api/v1/admin/mail');
    const answer = res.json() as { delivery: boolean; waiting: number; entries: Entry[] };
    expect(answer.delivery).toBe(false);
    // Waiting: the emails kept with a link to pass on (the two activations), not the others
    // (sign-in alerts have nothing to pass on).
    expect(answer.waiting).toBe(
      answer.entries.filter((row) => row.status === 'stored' && row.hasBody && row.hasLink).length,
    );
    expect(answer.waiting).toBe(2);
    expect(answer.entries.some((row) => row.hasBody && !row.hasLink)).toBe(true);
    const newest = answer.entries.find((row) => row.to === 'newcomer@example.com');
    expect(newest).toMatchObject({
      to: 'newcomer@example.com',
      template: 'activate-account',
      subject: 'Activate your Cairn account',
      status: 'stored',
      hasBody: true,
      hasLink: true,
    });
    // The list never carries a body or a link.
    expect(res.body).not.toContain('/auth/activate');
    expect(res.body).not.toContain('token=');
    // The log names a kept email by its kind and row, never its recipient nor its link.
    expect(t.rawLogs()).toContain('email kept for the administrator');
    expect(t.rawLogs()).not.toContain('newcomer@example.com');
    expect(t.rawLogs()).not.toContain('/auth/activate?token=');
  });

  it('gives an administrator the link, audits the reading, and the link opens the account', async () => {
    const { entries } = await list('?to=newcomer');
    const entry = entries.find((row) => row.template === 'activate-account')!;
    const res = await admin.get(`/api/v1/admin/mail/${entry.id}`);
    expect(res.statusCode).toBe(200);
    const mail = res.json() as { text: string; actionUrl: string };
    expect(mail.actionUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/auth/activate\\?token=`));
    expect(mail.text).toContain(mail.actionUrl);
    const audits = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'mail.read'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      targetType: 'mail',
      targetId: entry.id,
      actorEmail: 'mail-admin@example.com',
      after: { template: 'activate-account' },
    });

    // Passed on, the link works as if it had been emailed.
    const token = new URL(mail.actionUrl).searchParams.get('token');
    const newcomer = new Agent(t.app, { ip: uniqueIp() });
    expect((await newcomer.post('/api/v1/auth/activate', { token })).statusCode).toBe(200);
    const login = await newcomer.post('/api/v1/auth/login', {
      email: 'newcomer@example.com',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('filters by recipient and status, and pages', async () => {
    const all = await list();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const member = await list('?to=MEMBER@');
    expect(member.entries.map((row) => row.to)).toEqual(
      member.entries.map(() => 'member@example.com'),
    );
    expect(member.total).toBe(member.entries.length);
    // A LIKE wildcard typed in the search is a character, not a wildcard.
    expect((await list('?to=%25')).total).toBe(0);
    expect((await list('?status=sent')).total).toBe(0);
    const first = await list('?pageSize=1&page=1');
    const second = await list('?pageSize=1&page=2');
    expect(first.entries).toHaveLength(1);
    expect(second.entries[0]?.id).not.toBe(first.entries[0]?.id);
  });

  it('refuses bad input with 400', async () => {
    for (const url of [
      '/api/v1/admin/mail?status=lost',
      '/api/v1/admin/mail?page=0',
      '/api/v1/admin/mail?pageSize=1000',
      '/api/v1/admin/mail/not-a-uuid',
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(400);
    }
    const unknown = await admin.get('/api/v1/admin/mail/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('shows nothing to anyone but an administrator', async () => {
    const [entry] = (await list()).entries;
    const anonymous = new Agent(t.app, { ip: uniqueIp() });
    for (const url of ['/api/v1/admin/mail', `/api/v1/admin/mail/${entry!.id}`]) {
      expect((await member.get(url)).statusCode, url).toBe(403);
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    const reads = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'mail.read'));
    expect(reads).toHaveLength(1);
  });

  it('keeps bodies and links a week, then only who, what and when (no reading to audit)', async () => {
    const before = (await list()).entries.filter((row) => row.hasBody);
    expect(before.length).toBeGreaterThan(0);
    clock.advance(7 * DAY + HOUR);
    await runHousekeeping(t.app.ctx);
    // A week later the administrator signs in again (which may write new emails of its own).
    admin = new Agent(t.app, { ip: uniqueIp() });
    const again = await admin.post('/api/v1/auth/login', {
      email: 'mail-admin@example.com',
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    const after = new Map((await list()).entries.map((row) => [row.id, row]));
    for (const old of before) {
      expect(after.get(old.id)).toMatchObject({ to: old.to, hasBody: false, hasLink: false });
    }
    const res = await admin.get(`/api/v1/admin/mail/${before[0]!.id}`);
    expect(res.json()).toMatchObject({ text: null, actionUrl: null, hasBody: false });
    const reads = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'mail.read'));
    expect(reads).toHaveLength(1);
    expect(await db().select().from(mailOutbox)).not.toHaveLength(0);
  });
});

describe('the outgoing mail of a server with SMTP_URL', () => {
  it('is a delivery log: no body or link is there for an administrator to read', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const owner = new Agent(smtp.app, { ip: uniqueIp() });
      expect(
        (
          await owner.post('/api/v1/auth/setup', {
            email: 'smtp-admin@example.com',
            password: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(201);
      const visitor = new Agent(smtp.app, { ip: uniqueIp() });
      await visitor.post('/api/v1/auth/register', {
        email: 'someone@example.com',
        password: STRONG_PASSWORD,
      });
      await smtp.app.ctx.jobs.idle();
      const list = (await owner.get('/api/v1/admin/mail')).json() as {
        delivery: boolean;
        waiting: number;
        entries: Entry[];
      };
      expect(list.delivery).toBe(true);
      expect(list.waiting).toBe(0);
      const entry = list.entries.find((row) => row.to === 'someone@example.com');
      expect(entry).toMatchObject({ template: 'activate-account', hasBody: false, hasLink: false });
      // Its body is still kept for the delivery (pending, or failed at this closed port)...
      const [row] = await smtp.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, entry!.id));
      expect(row?.text).toContain('/auth/activate?token=');
      // ...but not given to the administrator, and nothing is audited.
      const read = await owner.get(`/api/v1/admin/mail/${entry!.id}`);
      expect(read.json()).toMatchObject({ text: null, actionUrl: null, hasBody: false });
      expect(
        await smtp.database.db
          .select()
          .from(adminAuditLog)
          .where(eq(adminAuditLog.action, 'mail.read')),
      ).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
