import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, notificationDeliveries } from '../../db/schema';
import { registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FakeClock } from '../../platform/clock';
import { sendDueDeliveries } from './notification-delivery';
import { notify } from './notify';

// Two processes sending at once need two connections: PostgreSQL only (vitest.config.ts).
const clock = new FakeClock(new Date('2026-11-27T12:00:00Z'));
const log = { warn: vi.fn(), error: vi.fn() };
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({ clock });
  // A second app on the same database: another process.
  second = await createTestApp({ clock, testDb: first.testDb });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('two processes sending at once', () => {
  it('send each due row exactly once', async () => {
    const users = [];
    for (let i = 0; i < 6; i += 1) {
      users.push(await registerUser(first.app, `concurrent-${i}@example.com`));
    }
    for (const { userId } of users) {
      for (let n = 0; n < 5; n += 1) {
        await notify(first.app.ctx, {
          userId,
          type: 'success',
          key: 'importFinished',
          params: { portfolio: `P${n}`, rows: n },
        });
      }
    }
    const [a, b] = await Promise.all([
      sendDueDeliveries(first.app.ctx, log),
      sendDueDeliveries(second.app.ctx, log),
    ]);
    expect(a.emails + b.emails).toBe(30);
    const emails = users.map((_, i) => `concurrent-${i}@example.com`);
    const sent = await first.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, emails));
    expect(sent.filter((mail) => mail.template === 'notification')).toHaveLength(30);
    const rows = await first.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        inArray(
          notificationDeliveries.userId,
          users.map((user) => user.userId),
        ),
      );
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(
      await first.database.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.status, 'pending')),
    ).toEqual([]);
  });
});
