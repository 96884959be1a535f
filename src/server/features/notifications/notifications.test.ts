import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationTopic } from '@/contracts/notifications';
import { LANGUAGES } from '@/contracts/i18n';
import { notifications } from '../../db/schema';
import { FakeClock, MINUTE } from '../../platform/clock';
import { NOTIFICATION_TEXTS, notificationText } from './notification-texts';
import { notify } from './notify';
import {
  addAuthenticator,
  Agent,
  registerUser,
  STRONG_PASSWORD,
  uniqueIp,
} from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';

/**
 * The notification centre: a user lists, reads and deletes only their own notifications; filters,
 * paging and tab counts; realtime events to the user's tabs; and each producer of notifications.
 */

const clock = new FakeClock(new Date('2026-11-22T09:00:00Z'));
let t: TestApp;
let alice: { agent: Agent; userId: string };
let bob: { agent: Agent; userId: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await registerUser(t.app, 'alice-notes@example.com', { fullName: 'Alice Martin' });
  bob = await registerUser(t.app, 'bob-notes@example.com', { fullName: 'Bob Stone' });
});
afterAll(() => t.close());

type Listed = {
  notifications: {
    id: string;
    type: string;
    title: string;
    message: string;
    isRead: boolean;
    readAt: string | null;
    metadata: Record<string, unknown>;
  }[];
  total: number;
  unread: number;
  counts: Record<string, number>;
};

const list = async (agent: Agent, query = '') => {
  const res = await agent.get(`/api/v1/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listed;
};

const code = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;

/** A fresh user whose only notification is the sign-in alert that registration left. */
async function freshUser(name: string) {
  const user = await registerUser(t.app, `${name}-${uniqueIp().replaceAll('.', '-')}@example.com`);
  // What happens next comes after the sign-in alert (the list is newest first).
  clock.advance(MINUTE);
  return user;
}

/** Adds notifications straight through the one create path, one minute apart. */
async function seed(userId: string, count: number, type: 'info' | 'success' | 'system' = 'info') {
  for (let i = 0; i < count; i += 1) {
    clock.advance(MINUTE);
    await notify(t.app.ctx, {
      userId,
      type,
      key: 'importFinished',
      params: { portfolio: `P${i}`, rows: i },
    });
  }
}

/**
 * Events published on the user's notification topic, collected in process. `ready()` publishes a
 * marker and waits for it: events published before (registration's sign-in alert, delivered late
 * by PostgreSQL's LISTEN) are then dropped, so a test sees only its own.
 */
function collect(userId: string) {
  const events: NotificationEvent[] = [];
  const stop = t.app.realtime.subscribe(notificationTopic(userId), (payload) =>
    events.push(payload as NotificationEvent),
  );
  const until = async (count: number) => {
    for (let i = 0; i < 200 && events.length < count; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return events;
  };
  const ready = async () => {
    await t.app.realtime.publish(notificationTopic(userId), { type: 'marker' });
    for (let i = 0; i < 200; i += 1) {
      const at = events.findIndex((e) => (e as { type: string }).type === 'marker');
      if (at >= 0) {
        events.splice(0, at + 1);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the marker never arrived');
  };
  return { events, stop, until, ready };
}

describe('listing', () => {
  it('lists the sign-in alert registration left, with its address, browser and system', async () => {
    const { agent } = await freshUser('listing');
    const listed = await list(agent);
    expect(listed.total).toBe(1);
    expect(listed.unread).toBe(1);
    expect(listed.counts).toEqual({ all: 1, unread: 1, goals: 0, achievements: 0, system: 1 });
    expect(listed.notifications[0]).toMatchObject({
      type: 'system',
      title: 'New sign-in',
      isRead: false,
      readAt: null,
      metadata: { key: 'login', browser: 'Chrome 156', os: 'Linux' },
    });
    expect(listed.notifications[0]!.metadata.ipAddress).toMatch(/^100\.64\./);
  });

  it('pages newest first with limit and offset (default 50) and filters by type and read state', async () => {
    const { agent, userId } = await freshUser('paging');
    await seed(userId, 55);
    const first = await list(agent);
    expect(first.notifications).toHaveLength(50);
    expect(first.total).toBe(56);
    expect(first.notifications[0]!.message).toContain('"P54"');
    const page = await list(agent, '?limit=10&offset=50');
    expect(page.notifications.map((n) => n.message.match(/"(P\d+)"/)?.[1] ?? n.title)).toEqual([
      'P4',
      'P3',
      'P2',
      'P1',
      'P0',
      'New sign-in',
    ]);
    expect((await list(agent, '?type=system')).total).toBe(1);
    expect((await list(agent, '?type=info&limit=0')).total).toBe(55);
    expect((await list(agent, '?limit=0')).notifications).toEqual([]);
    const target = first.notifications[3]!;
    await agent.patch(`/api/v1/notifications/${target.id}`, { isRead: true });
    const read = await list(agent, '?unread=false');
    expect(read.notifications.map((n) => n.id)).toEqual([target.id]);
    expect((await list(agent, '?unread=true')).total).toBe(55);
  });

  it('counts the Goals and Achievements tabs from the type and the title or key', async () => {
    const { agent, userId } = await freshUser('tabs');
    const insert = (values: { type: 'system' | 'success' | 'info'; title: string; key?: string }) =>
      db()
        .insert(notifications)
        .values({
          userId,
          type: values.type,
          title: values.title,
          message: 'm',
          metadata: values.key ? { key: values.key } : {},
        });
    await insert({ type: 'system', title: 'Goal milestone reached' });
    await insert({ type: 'system', title: 'Jalon atteint', key: 'goalMilestone50' });
    await insert({ type: 'info', title: 'A milestone, but not a system one' });
    await insert({ type: 'success', title: 'New achievement unlocked' });
    await insert({ type: 'success', title: 'Well done' });
    const listed = await list(agent);
    expect(listed.counts).toEqual({ all: 6, unread: 6, goals: 2, achievements: 1, system: 3 });
    expect((await list(agent, '?category=goals')).notifications.map((n) => n.title).sort()).toEqual(
      ['Goal milestone reached', 'Jalon atteint'],
    );
    expect((await list(agent, '?category=achievements')).notifications).toHaveLength(1);
  });

  it('refuses bad input with VALIDATION_ERROR and the unsigned with 401', async () => {
    for (const query of [
      '?type=loud',
      '?unread=yes',
      '?limit=101',
      '?limit=-1',
      '?offset=-5',
      '?category=wins',
    ]) {
      const res = await alice.agent.get(`/api/v1/notifications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(code(res)).toBe('VALIDATION_ERROR');
    }
    const bad = await alice.agent.patch('/api/v1/notifications/not-a-uuid', { isRead: true });
    expect(bad.statusCode).toBe(400);
    const [own] = (await list(alice.agent)).notifications;
    for (const body of [{}, { isRead: 'yes' }, { isRead: true, title: 'x' }]) {
      const res = await alice.agent.patch(`/api/v1/notifications/${own!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(code(res)).toBe('VALIDATION_ERROR');
    }
    const deleteBad = await alice.agent.delete('/api/v1/notifications?read=false');
    expect(deleteBad.statusCode).toBe(400);
    const anonymous = new Agent(t.app);
    expect((await anonymous.get('/api/v1/notifications')).statusCode).toBe(401);
    expect((await anonymous.post('/api/v1/notifications/read-all')).statusCode).toBe(401);
  });
});

describe('ownership', () => {
  it("answers 404 for someone else's notification on every route and leaves it as it was", async () => {
    const [bobs] = (await list(bob.agent)).notifications;
    const id = bobs!.id;
    const patch = await alice.agent.patch(`/api/v1/notifications/${id}`, { isRead: true });
    expect(patch.statusCode).toBe(404);
    expect(code(patch)).toBe('NOTIFICATION_NOT_FOUND');
    const del = await alice.agent.delete(`/api/v1/notifications/${id}`);
    expect(del.statusCode).toBe(404);
    expect(code(del)).toBe('NOTIFICATION_NOT_FOUND');
    const missing = await alice.agent.delete(
      '/api/v1/notifications/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);

    // Bulk routes act on the caller's own only.
    expect((await alice.agent.post('/api/v1/notifications/read-all')).statusCode).toBe(200);
    expect((await alice.agent.delete('/api/v1/notifications?read=true')).statusCode).toBe(200);
    expect((await alice.agent.delete('/api/v1/notifications')).statusCode).toBe(200);
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ isRead: false, readAt: null, userId: bob.userId });
    expect((await list(alice.agent)).total).toBe(0);
  });
});

describe('reading and deleting', () => {
  it('marks one read (keeping the first read time) and unread again', async () => {
    const { agent } = await freshUser('read-one');
    const [note] = (await list(agent)).notifications;
    const read = await agent.patch(`/api/v1/notifications/${note!.id}`, { isRead: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().notification).toMatchObject({
      isRead: true,
      readAt: clock.now().toISOString(),
    });
    clock.advance(MINUTE);
    const again = await agent.patch(`/api/v1/notifications/${note!.id}`, { isRead: true });
    expect(again.json().notification.readAt).toBe(read.json().notification.readAt);
    const unread = await agent.patch(`/api/v1/notifications/${note!.id}`, { isRead: false });
    expect(unread.json().notification).toMatchObject({ isRead: false, readAt: null });
    expect((await list(agent)).unread).toBe(1);
  });

  it('marks all read, deletes the read ones, then all', async () => {
    const { agent, userId } = await freshUser('bulk');
    await seed(userId, 3);
    const all = await agent.post('/api/v1/notifications/read-all');
    expect(all.json()).toEqual({ count: 4, unread: 0 });
    expect((await list(agent)).notifications.every((n) => n.isRead && n.readAt)).toBe(true);
    await seed(userId, 2);
    const deletedRead = await agent.delete('/api/v1/notifications?read=true');
    expect(deletedRead.json()).toEqual({ count: 4, unread: 2 });
    expect((await list(agent)).total).toBe(2);
    const [one] = (await list(agent)).notifications;
    expect((await agent.delete(`/api/v1/notifications/${one!.id}`)).statusCode).toBe(204);
    expect((await agent.delete(`/api/v1/notifications/${one!.id}`)).statusCode).toBe(404);
    expect((await agent.delete('/api/v1/notifications')).json()).toEqual({ count: 1, unread: 0 });
    expect((await list(agent)).counts.all).toBe(0);
  });
});

describe('realtime', () => {
  it('publishes insert, update, read-all and delete events with the unread count', async () => {
    const { agent, userId } = await freshUser('events');
    const feed = collect(userId);
    try {
      await feed.ready();
      await seed(userId, 1);
      await feed.until(1);
      expect(feed.events[0]).toMatchObject({
        type: 'notification-insert',
        unread: 2,
        notification: { type: 'info', metadata: { key: 'importFinished' } },
      });
      const id = (feed.events[0] as { notification: { id: string } }).notification.id;
      await agent.patch(`/api/v1/notifications/${id}`, { isRead: true });
      await agent.post('/api/v1/notifications/read-all');
      await agent.delete(`/api/v1/notifications/${id}`);
      await agent.delete('/api/v1/notifications?read=true');
      const events = await feed.until(5);
      expect(events.slice(1)).toEqual([
        expect.objectContaining({
          type: 'notification-update',
          unread: 1,
          notification: expect.objectContaining({ id, isRead: true }),
        }),
        { type: 'notifications-read-all', readAt: clock.now().toISOString(), unread: 0 },
        { type: 'notification-delete', id, unread: 0 },
        { type: 'notifications-delete', scope: 'read', unread: 0 },
      ]);
    } finally {
      feed.stop();
    }
  });

  it('publishes nothing when the caller’s change rolls back', async () => {
    const { userId } = await freshUser('rollback');
    const feed = collect(userId);
    try {
      await feed.ready();
      await db()
        .transaction(async (tx) => {
          await notify(t.app.ctx, { userId, type: 'info', key: 'passwordChanged' }, tx);
          throw new Error('rolled back');
        })
        .catch(() => {});
      await seed(userId, 1);
      const events = await feed.until(1);
      expect(events).toHaveLength(1);
      expect(
        (await db().select().from(notifications).where(eq(notifications.userId, userId)))
          .map((n) => n.metadata.key)
          .sort(),
      ).toEqual(['importFinished', 'login']);
    } finally {
      feed.stop();
    }
  });

  it("reaches the user's open tabs over the WebSocket and refuses another user's topic", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/realtime`;
    const open = (agent: Agent) =>
      TestSocket.open(url, { origin: TEST_ORIGIN, cookie: agent.cookieHeader() });
    const tabs = [await open(alice.agent), await open(alice.agent)];
    const intruder = await open(bob.agent);
    try {
      for (const tab of tabs) {
        tab.send({ type: 'subscribe', topic: notificationTopic(alice.userId) });
        await tab.next((m) => m.type === 'subscribed');
      }
      intruder.send({ type: 'subscribe', topic: notificationTopic(alice.userId) });
      expect(await intruder.next((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
      await notify(t.app.ctx, { userId: alice.userId, type: 'warning', key: 'passwordChanged' });
      for (const tab of tabs) {
        const event = await tab.next(
          (m) =>
            m.type === 'event' &&
            (m.payload as { notification?: { title?: string } }).notification?.title ===
              'Password changed',
        );
        expect(event).toMatchObject({
          topic: notificationTopic(alice.userId),
          payload: { type: 'notification-insert', notification: { title: 'Password changed' } },
        });
      }
    } finally {
      for (const socket of [...tabs, intruder]) socket.close();
    }
  });
});

describe('producers', () => {
  it('stores a notification in the account language with its key and parameters', async () => {
    const { agent, userId } = await freshUser('french');
    await agent.patch('/api/v1/settings', { preferences: { language: 'fr' } });
    await notify(t.app.ctx, {
      userId,
      type: 'info',
      key: 'savingsMaturity',
      params: { account: 'Livret', date: new Date('2026-12-10T00:00:00Z') },
    });
    const [latest] = (await list(agent)).notifications;
    expect(latest).toMatchObject({
      title: "Compte d'épargne bientôt à échéance",
      message: '« Livret » arrive à échéance le 10 décembre 2026.',
      metadata: {
        key: 'savingsMaturity',
        params: { account: 'Livret', date: '2026-12-10T00:00:00.000Z' },
      },
    });
  });

  it('a new sign-in (only with login notifications on)', async () => {
    const { agent, userId } = await freshUser('signin');
    const email = (await agent.get('/api/v1/auth/session')).json().user.email as string;
    const signIn = () =>
      new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/login', {
        email,
        password: STRONG_PASSWORD,
      });
    await signIn();
    expect((await list(agent, '?type=system')).total).toBe(2);
    await agent.patch('/api/v1/settings', { notifications: { loginNotifications: false } });
    await signIn();
    expect((await list(agent, '?type=system')).total).toBe(2);
    expect(userId).toBeTruthy();
  });

  it('security changes: a factor added and removed, the password changed', async () => {
    const { agent } = await freshUser('security');
    const first = await addAuthenticator(agent, clock.now(), 'Phone');
    clock.advance(MINUTE);
    await addAuthenticator(agent, clock.now(), 'Tablet');
    clock.advance(MINUTE);
    expect((await agent.delete(`/api/v1/auth/mfa/factors/${first.id}`)).statusCode).toBe(200);
    clock.advance(MINUTE);
    const changed = await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Another-Horse-7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const keys = (await list(agent)).notifications.map((n) => [n.metadata.key, n.message]);
    expect(keys).toEqual([
      ['passwordChanged', 'Your password was changed and your other sessions were signed out.'],
      [
        'factorRemoved',
        'The authenticator "Phone" was removed from your account. If this was not you, reset your password now.',
      ],
      [
        'factorAdded',
        'The authenticator "Tablet" was added to your account. If this was not you, reset your password now.',
      ],
      [
        'factorAdded',
        'The authenticator "Phone" was added to your account. If this was not you, reset your password now.',
      ],
      ['login', 'Your account was signed in to from a device.'],
    ]);
  });

  it('a portfolio shared with you, then the owner told of the answer', async () => {
    const owner = await freshUser('owner');
    const invitee = await freshUser('invitee');
    const inviteeEmail = (await invitee.agent.get('/api/v1/auth/session')).json().user.email;
    const created = await owner.agent.post('/api/v1/portfolios', { name: 'Family' });
    const portfolioId = created.json().portfolio.id as string;
    const share = await owner.agent.post(`/api/v1/portfolios/${portfolioId}/shares`, {
      email: inviteeEmail,
      permissionLevel: 'read',
    });
    expect(share.statusCode, share.body).toBe(201);
    const [shared] = (await list(invitee.agent)).notifications;
    expect(shared).toMatchObject({
      type: 'info',
      title: 'Portfolio shared with you',
      metadata: { key: 'portfolioShared', portfolioId, permission: 'read' },
    });
    expect(shared!.message).toMatch(/invited you to the portfolio "Family"\.$/);
    const accepted = await invitee.agent.post('/api/v1/invitations/accept', {
      invitationId: share.json().share.id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    clock.advance(MINUTE);
    const [answer] = (await list(owner.agent)).notifications;
    expect(answer).toMatchObject({
      type: 'success',
      title: 'Invitation accepted',
      message: `${inviteeEmail.split('@')[0]} accepted your invitation to "Family".`,
    });

    // A declined invitation.
    const other = await freshUser('decliner');
    const otherEmail = (await other.agent.get('/api/v1/auth/session')).json().user.email;
    const second = await owner.agent.post(`/api/v1/portfolios/${portfolioId}/shares`, {
      email: otherEmail,
      permissionLevel: 'edit',
    });
    await other.agent.post('/api/v1/invitations/reject', { invitationId: second.json().share.id });
    expect((await list(owner.agent)).notifications[0]).toMatchObject({
      title: 'Invitation declined',
    });
  });

  it('savings alerts: maturity near and balance below its minimum, once each', async () => {
    const { agent, userId } = await freshUser('saver');
    const portfolioId = (await insertPortfolio(db(), userId, { name: 'Savings' })).id;
    const created = await agent.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
      class: 'savings',
      accountName: 'Term deposit',
      bankName: 'BNP Paribas',
      accountType: 'cd',
      currentBalance: '10000',
      openingDate: '2026-01-01',
      interestRate: '3',
      maturityDate: '2026-12-10',
      minimumBalance: '9500',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().holding.id as string;
    await agent.get(`/api/v1/holdings/${id}/savings`);
    await agent.get(`/api/v1/holdings/${id}/savings`);
    clock.advance(MINUTE);
    await agent.post(`/api/v1/holdings/${id}/savings/transactions`, {
      transactionType: 'withdrawal',
      amount: '600',
      transactionDate: clock.now().toISOString().slice(0, 10),
    });
    const keys = (await list(agent)).notifications.map((n) => [n.type, n.message]);
    expect(keys.slice(0, 2)).toEqual([
      ['warning', 'The balance of "Term deposit" is below its minimum of 9500 EUR.'],
      ['info', '"Term deposit" reaches maturity on 10 December 2026.'],
    ]);
    expect(keys).toHaveLength(3);
  });

  it('an import finished', async () => {
    const { agent, userId } = await freshUser('importer');
    const portfolioId = (await insertPortfolio(db(), userId, { name: 'Imported' })).id;
    const res = await agent.post(`/api/v1/portfolios/${portfolioId}/import`, {
      kind: 'holdings',
      csv: 'class,name,symbol,quantity,purchasePrice,currentPrice,purchaseDate,currency\r\nmarket,Apple,AAPL,2,150,160,2025-01-02,USD',
      commit: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(agent)).notifications[0]).toMatchObject({
      type: 'success',
      title: 'Import finished',
      message: 'Your import into "Imported" is complete. Rows imported: 1.',
      metadata: { key: 'importFinished', portfolioId, kind: 'holdings' },
    });
  });
});

describe('texts', () => {
  it('has the same keys and placeholders as the web translations, in both languages', () => {
    for (const language of LANGUAGES) {
      const file = path.resolve(`src/web/locales/${language}/notifications.json`);
      const web = JSON.parse(readFileSync(file, 'utf8')) as {
        items: Record<string, { title: string; message: string }>;
      };
      expect(Object.keys(web.items).sort()).toEqual(Object.keys(NOTIFICATION_TEXTS).sort());
      for (const [key, texts] of Object.entries(NOTIFICATION_TEXTS)) {
        const placeholders = (s: string) => (s.match(/\{\{\w+/g) ?? []).sort();
        expect(placeholders(web.items[key]!.message), `${language} ${key}`).toEqual(
          placeholders(texts[language].message),
        );
        expect(placeholders(web.items[key]!.title)).toEqual(placeholders(texts[language].title));
      }
    }
    expect(notificationText('login', 'fr').title).toBe('Nouvelle connexion');
  });
});
