import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mfaFactors,
  notifications,
  privacyExports,
  pushSubscriptions,
  sessions,
  transactions,
  users,
} from '../../db/schema';
import { runHousekeeping } from '../../housekeeping';
import { DAY, FakeClock, HOUR, MINUTE } from '../../platform/clock';
import {
  Agent,
  addAuthenticator,
  registerUser,
  STRONG_PASSWORD,
  totpCode,
  uniqueIp,
} from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { EXPORT_SOURCES } from './export.service';

/**
 * "Download your data" (issue 17): the export job builds a ZIP of everything about its owner,
 * with no secret in it; only the owner sees its status and downloads it; housekeeping removes it
 * once expired.
 */

const clock = new FakeClock(new Date('2026-11-22T09:00:00.000Z'));
let t: TestApp;
let owner: Agent;
let ownerId: string;
let stranger: Agent;
let strangerId: string;
let factorSecret: string;
let holdingId: string;
const db = () => t.database.db;

/** A browser's push keys (what encrypts its pushes): never exported. */
const PUSH_P256DH = 'BPushKeyOfTheExportOwnerBrowser0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const PUSH_AUTH = 'exportOwnerAuthSecret01';

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'export-owner@example.com', {
    fullName: 'Ada Export',
  }));
  ({ agent: stranger, userId: strangerId } = await registerUser(
    t.app,
    'export-stranger@example.com',
  ));
  factorSecret = (await addAuthenticator(owner, clock.now(), 'Phone')).secret;
  const portfolio = await insertPortfolio(db(), ownerId, { name: 'Export portfolio' });
  const res = await owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, {
    class: 'market',
    symbol: 'MC.PA',
    name: 'LVMH',
    quantity: '12.5',
    purchasePrice: '101.25',
    currentPrice: '120',
    purchaseDate: '2024-01-10',
  });
  expect(res.statusCode, res.body).toBe(201);
  holdingId = (res.json() as { holding: { id: string } }).holding.id;
  await db().insert(pushSubscriptions).values({
    userId: ownerId,
    endpoint: 'https://push.example.com/send/export-owner',
    p256dh: PUSH_P256DH,
    auth: PUSH_AUTH,
  });
});
afterAll(() => t.close());
beforeEach(() => clock.advance(MINUTE));

const statusOf = async (agent: Agent, id: string) => agent.get(`/api/v1/privacy/export/${id}`);

async function waitUntilReady(id: string) {
  await vi.waitFor(
    async () => {
      const res = await statusOf(owner, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('ready');
    },
    { timeout: 60_000, interval: 250 },
  );
  return (await statusOf(owner, id)).json() as {
    status: string;
    progress: number;
    downloadUrl: string;
    expiresAt: string;
    finishedAt: string;
  };
}

let readyId: string;

/** The owner signed in on a new browser (password, then the authenticator). */
async function registerAgain() {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const login = await agent.post('/api/v1/auth/login', {
    email: 'export-owner@example.com',
    password: STRONG_PASSWORD,
  });
  expect(login.statusCode, login.body).toBe(200);
  const [factor] = login.json().factors as { id: string }[];
  if (!factor) throw new Error('no factor');
  const challenge = await agent.post(`/api/v1/auth/mfa/factors/${factor.id}/challenge`);
  const verified = await agent.post('/api/v1/auth/mfa/verify', {
    factorId: factor.id,
    challengeId: challenge.json().challengeId,
    code: totpCode(factorSecret, clock.now()),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return agent;
}

describe('building the export', () => {
  it('queues a job, reaches 100 and tells the owner, with a link valid 24 hours', async () => {
    const created = await owner.post('/api/v1/privacy/export');
    expect(created.statusCode, created.body).toBe(202);
    readyId = created.json().id as string;
    const ready = await waitUntilReady(readyId);
    expect(ready.progress).toBe(100);
    expect(ready.downloadUrl).toBe(`/api/v1/privacy/export/${readyId}/download`);
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.finishedAt).getTime()).toBe(
      24 * HOUR,
    );
    const told = await db().select().from(notifications).where(eq(notifications.userId, ownerId));
    const note = told.find((row) => row.metadata.key === 'dataExportReady');
    expect(note?.metadata).toMatchObject({ path: '/settings/privacy', exportId: readyId });
    expect(note?.type).toBe('success');
    const latest = await owner.get('/api/v1/privacy/export');
    expect(latest.json().export.id).toBe(readyId);
  });

  it('downloads a ZIP of JSON and CSV files holding the owner’s data and no secret', async () => {
    const res = await owner.get(`/api/v1/privacy/export/${readyId}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cairn-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...EXPORT_SOURCES.map((source) => source.file)].sort(),
    );
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());

    // The holding's opening buy is a row of transactions.csv, with its exact quantity.
    const [buy] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.holdingId, holdingId));
    if (!buy) throw new Error('no opening buy');
    const csv = text('transactions.csv')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const row = csv.find((line) => line.startsWith(`${buy.id},`))?.split(',') ?? [];
    expect(row[header.indexOf('quantity')]).toBe(buy.quantity);
    expect(row[header.indexOf('holdingId')]).toBe(holdingId);
    expect(row[header.indexOf('userId')]).toBe(ownerId);

    const account = JSON.parse(text('account.json')) as Record<string, unknown>[];
    expect(account).toEqual([
      expect.objectContaining({ id: ownerId, email: 'export-owner@example.com' }),
    ]);
    expect(account[0]).not.toHaveProperty('passwordHash');
    const profile = JSON.parse(text('profile.json')) as Record<string, unknown>[];
    expect(profile[0]).toMatchObject({ fullName: 'Ada Export' });
    const factors = JSON.parse(text('two-factor-methods.json')) as Record<string, unknown>[];
    expect(factors).toEqual([
      expect.objectContaining({ friendlyName: 'Phone', status: 'verified' }),
    ]);
    expect(text('sessions.csv')).toContain(ownerId);
    const browsers = JSON.parse(text('push-subscriptions.json')) as Record<string, unknown>[];
    expect(browsers).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example.com/send/export-owner' }),
    ]);
    expect(browsers[0]).not.toHaveProperty('auth');
    expect(browsers[0]).not.toHaveProperty('p256dh');

    // No secret and no hash of one, anywhere in the archive.
    const [user] = await db().select().from(users).where(eq(users.id, ownerId));
    const [factor] = await db().select().from(mfaFactors).where(eq(mfaFactors.userId, ownerId));
    const tokens = await db().select().from(sessions).where(eq(sessions.userId, ownerId));
    const everything = Object.keys(files).map(text).join('\n');
    const secrets = [
      user?.passwordHash,
      factorSecret,
      factor?.secretCiphertext,
      PUSH_P256DH,
      PUSH_AUTH,
      ...tokens.map((session) => session.tokenHash),
    ];
    for (const secret of secrets) {
      expect(secret).toBeTruthy();
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/passwordHash|tokenHash|secretHash|secretCiphertext/);
    // Nothing of the other user.
    expect(everything).not.toContain(strangerId);
  });

  it('is the owner’s only: another user gets 404 on its status and its download', async () => {
    expect((await statusOf(stranger, readyId)).statusCode).toBe(404);
    const download = await stranger.get(`/api/v1/privacy/export/${readyId}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.json().error.code).toBe('NOT_FOUND');
    expect((await stranger.get('/api/v1/privacy/export')).json()).toEqual({ export: null });
    // Nor is the file served with the uploads.
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/exports/${readyId}.zip` });
    expect(direct.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/privacy/export/${readyId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the export in progress instead of starting a second one', async () => {
    const [running] = await db()
      .insert(privacyExports)
      .values({ userId: strangerId, status: 'running', progress: 40, createdAt: clock.now() })
      .returning();
    if (!running) throw new Error('insert failed');
    const again = await stranger.post('/api/v1/privacy/export');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id: running.id });
    const rows = await db()
      .select()
      .from(privacyExports)
      .where(eq(privacyExports.userId, strangerId));
    expect(rows).toHaveLength(1);
    expect((await statusOf(stranger, running.id)).json()).toMatchObject({
      status: 'running',
      progress: 40,
      downloadUrl: null,
    });
    await db().delete(privacyExports).where(eq(privacyExports.id, running.id));
  });

  it('refuses malformed ids with 400', async () => {
    expect((await statusOf(owner, 'not-a-uuid')).statusCode).toBe(400);
    expect((await statusOf(owner, '%00')).statusCode).toBe(400);
    expect((await owner.get('/api/v1/privacy/export/%00/download')).statusCode).toBe(400);
  });
});

describe('expiry', () => {
  it('housekeeping removes the file and the row once expired', async () => {
    const [row] = await db().select().from(privacyExports).where(eq(privacyExports.id, readyId));
    const key = row?.fileKey;
    if (!key) throw new Error('no file');
    expect(await t.app.ctx.storage.has(key)).toBe(true);
    const exists = async () =>
      (await db().select().from(privacyExports).where(eq(privacyExports.id, readyId))).length;
    clock.advance(23 * HOUR);
    await runHousekeeping(t.app.ctx);
    expect(await exists()).toBe(1);
    expect(await t.app.ctx.storage.has(key)).toBe(true);
    clock.advance(2 * HOUR);
    // Expired, not yet removed: already gone for the owner (signed in again: the old session
    // expired meanwhile), its status as its download.
    const again = await registerAgain();
    expect(await exists()).toBe(1);
    expect((await statusOf(again, readyId)).statusCode).toBe(404);
    expect((await again.get(`/api/v1/privacy/export/${readyId}/download`)).statusCode).toBe(404);
    const purged = await runHousekeeping(t.app.ctx);
    expect(purged.dataExports).toBe(1);
    expect(await exists()).toBe(0);
    expect(await t.app.ctx.storage.has(key)).toBe(false);
    // Removed, the owner finds nothing.
    expect((await statusOf(again, readyId)).statusCode).toBe(404);
    expect((await again.get(`/api/v1/privacy/export/${readyId}/download`)).statusCode).toBe(404);
    expect((await again.get('/api/v1/privacy/export')).json()).toEqual({ export: null });
  });

  it('fails an export whose job was lost', async () => {
    const [stuck] = await db()
      .insert(privacyExports)
      .values({ userId: strangerId, status: 'queued', createdAt: clock.now() })
      .returning();
    if (!stuck) throw new Error('insert failed');
    clock.advance(7 * HOUR);
    await runHousekeeping(t.app.ctx);
    const [row] = await db()
      .select()
      .from(privacyExports)
      .where(and(eq(privacyExports.id, stuck.id)));
    expect(row).toMatchObject({ status: 'failed', error: 'EXPORT_TIMED_OUT' });
    clock.advance(DAY + HOUR);
    await runHousekeeping(t.app.ctx);
    expect(
      await db().select().from(privacyExports).where(eq(privacyExports.id, stuck.id)),
    ).toHaveLength(0);
  });
});
