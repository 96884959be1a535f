import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent as HttpsAgent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { sendDueDeliveries } from './notification-delivery';
import { guardedLookup } from '../../platform/remote-fetch';
import { PushSender } from '../../platform/web-push';
import { notify } from './notify';
import { Agent, registerUser, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { subscribePush } from './push.service';

/**
 * Web Push: the subscription API (validation, ownership) and sending through a local push
 * service (an HTTPS server in this test) whose received payload the test decrypts with the
 * browser's private key, as a browser would.
 */

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    content: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

type Received = { headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A push service on 127.0.0.1 over TLS with a throwaway certificate; `status` is its answer. */
function startPushService() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cairn-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const key = readFileSync(path.join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });
  const received = new Map<string, Received[]>();
  const status = new Map<string, number>();
  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = request.url ?? '';
      received.set(id, [
        ...(received.get(id) ?? []),
        { headers: request.headers, body: Buffer.concat(chunks) },
      ]);
      response.statusCode = status.get(id) ?? 201;
      response.end();
    });
  });
  return {
    agent: new HttpsAgent({ ca: cert }),
    received,
    status,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          resolve(`https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
        }),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
}

const clock = new FakeClock(new Date('2026-11-27T12:00:00Z'));
const log = { warn: vi.fn(), error: vi.fn() };
const service = startPushService();
let origin: string;
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  origin = await service.listen();
  t = await createTestApp({
    clock,
    // The local push service is on 127.0.0.1 with a port.
    env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' },
    pushAgent: service.agent,
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function user(language?: 'fr') {
  const { agent, userId } = await registerUser(
    t.app,
    `push-${uniqueIp().replaceAll('.', '-')}@example.com`,
  );
  if (language) await agent.patch('/api/v1/settings', { preferences: { language } });
  return { agent, userId };
}

let endpoints = 0;
/** A subscription of the local push service, registered through the API. */
async function subscribe(agent: Agent) {
  endpoints += 1;
  const endpoint = `${origin}/push/${endpoints}`;
  const browser = browserKeys();
  const res = await agent.post('/api/v1/push/subscriptions', {
    endpoint,
    expirationTime: null,
    keys: browser.keys,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { endpoint, path: `/push/${endpoints}`, ...browser };
}

const code = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;

describe('the subscriptions API', () => {
  it('gives the VAPID public key to anyone', async () => {
    const res = await new Agent(t.app).get('/api/v1/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.app.ctx.push.vapid.publicKey });
    expect(t.app.ctx.push.vapid.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('refuses signed-out callers', async () => {
    const anonymous = new Agent(t.app, { ip: uniqueIp() });
    const body = { endpoint: 'https://push.example.com/x', keys: browserKeys().keys };
    expect((await anonymous.post('/api/v1/push/subscriptions', body)).statusCode).toBe(401);
    expect(
      (await anonymous.delete('/api/v1/push/subscriptions', { endpoint: body.endpoint }))
        .statusCode,
    ).toBe(401);
  });

  it('validates strictly and stores nothing for a bad subscription', async () => {
    const { agent, userId } = await user();
    const { keys } = browserKeys();
    const bad = [
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'https://user:pw@push.example.com/x', keys },
      { endpoint: 'https://push.example.com/x\u0000', keys },
      { endpoint: `https://push.example.com/${'a'.repeat(2100)}`, keys },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: 'short' } },
      {
        endpoint: 'https://push.example.com/x',
        keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` },
      },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'AAAA' } },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: `${keys.auth}\u0000` } },
      { endpoint: 'https://push.example.com/x' },
    ];
    for (const body of bad) {
      const res = await agent.post('/api/v1/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(code(res)).toBe('VALIDATION_ERROR');
    }
    expect(
      (await agent.delete('/api/v1/push/subscriptions', { endpoint: 'ftp://x' })).statusCode,
    ).toBe(400);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    ).toEqual([]);
  });

  it('refuses private addresses and odd ports unless the configuration allows them', async () => {
    const { userId } = await user();
    const strict = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, allowPrivateNetworkFetch: false },
    };
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://localhost/push',
      'https://localhost./push',
      'https://foo.localhost/push',
      'https://FOO.LocalHost../push',
      'https://printer.local/push',
      'https://router.home.arpa/push',
      'https://push.internal/push',
      'https://intranet/push',
      'https://127.1/push',
      'https://[::1]/push',
      'https://push.example.com:8443/push',
    ]) {
      await expect(
        subscribePush(strict, userId, { endpoint, keys: browserKeys().keys }, null),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('upserts by endpoint, and lets only its owner delete it', async () => {
    const alice = await user();
    const bob = await user();
    const endpoint = 'https://push.example.com/send/alice-browser';
    const first = browserKeys();
    const created = await alice.agent.post('/api/v1/push/subscriptions', {
      endpoint,
      keys: first.keys,
    });
    expect(created.statusCode).toBe(200);
    const renewed = browserKeys();
    const again = await alice.agent.post('/api/v1/push/subscriptions', {
      endpoint,
      keys: renewed.keys,
    });
    expect(again.json().subscription.id).toBe(created.json().subscription.id);
    const rows = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toMatchObject([{ userId: alice.userId, p256dh: renewed.keys.p256dh }]);

    // Bob knowing the endpoint takes nothing: other keys are refused, nothing changes.
    const taken = await bob.agent.post('/api/v1/push/subscriptions', {
      endpoint,
      keys: browserKeys().keys,
    });
    expect(taken.statusCode).toBe(409);
    expect(code(taken)).toBe('CONFLICT');
    expect((await bob.agent.delete('/api/v1/push/subscriptions', { endpoint })).statusCode).toBe(
      404,
    );
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toMatchObject([{ userId: alice.userId }]);

    // The same browser (same keys) signed in to Bob's account: the subscription moves to Bob.
    const moved = await bob.agent.post('/api/v1/push/subscriptions', {
      endpoint,
      keys: renewed.keys,
    });
    expect(moved.statusCode).toBe(200);
    expect((await alice.agent.delete('/api/v1/push/subscriptions', { endpoint })).statusCode).toBe(
      404,
    );
    expect((await bob.agent.delete('/api/v1/push/subscriptions', { endpoint })).statusCode).toBe(
      204,
    );
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });
});

describe('sending push notifications', () => {
  const pushRows = (userId: string) =>
    db()
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, userId))
      .then((rows) => rows.filter((row) => row.channel === 'push'));

  it('sends an encrypted payload the browser decrypts: title, text and url in its language', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const { agent, userId } = await user('fr');
    const browser = await subscribe(agent);
    await notify(t.app.ctx, {
      userId,
      type: 'success',
      key: 'importFinished',
      params: { portfolio: 'PEA', rows: 4 },
    });
    expect(await sendDueDeliveries(t.app.ctx, log)).toMatchObject({ pushes: 1 });
    const [message] = service.received.get(browser.path) ?? [];
    expect(message?.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      authorization: expect.stringMatching(
        new RegExp(`^vapid t=.+, k=${t.app.ctx.push.vapid.publicKey}$`),
      ),
    });
    const payload = JSON.parse(
      ece
        .decrypt(message!.body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.keys.auth,
        })
        .toString('utf8'),
    ) as Record<string, string>;
    expect(payload).toMatchObject({
      title: 'Import terminé',
      body: 'Votre import dans « PEA » est terminé. Lignes importées : 4.',
      url: 'http://localhost:3000/dashboard',
    });
    expect(await pushRows(userId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    // Sent once.
    await sendDueDeliveries(t.app.ctx, log);
    expect(service.received.get(browser.path)).toHaveLength(1);
  });

  it('holds push during quiet hours', async () => {
    clock.set('2026-11-27T23:00:00Z');
    const { agent, userId } = await user();
    await agent.patch('/api/v1/settings', { notifications: { quietHoursEnabled: true } });
    const browser = await subscribe(agent);
    await notify(t.app.ctx, { userId, type: 'info', key: 'importFinished', params: { rows: 1 } });
    await sendDueDeliveries(t.app.ctx, log);
    expect(service.received.get(browser.path)).toBeUndefined();
    clock.set('2026-11-28T08:00:00Z');
    await sendDueDeliveries(t.app.ctx, log);
    expect(service.received.get(browser.path)).toHaveLength(1);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const { agent, userId } = await user();
    const browser = await subscribe(agent);
    service.status.set(browser.path, 410);
    await notify(t.app.ctx, { userId, type: 'info', key: 'importFinished', params: { rows: 1 } });
    await sendDueDeliveries(t.app.ctx, log);
    expect(service.received.get(browser.path)).toHaveLength(1);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    ).toEqual([]);
    expect(await pushRows(userId)).toMatchObject([{ status: 'skipped' }]);
    // No subscription left: the next notification plans no push.
    await notify(t.app.ctx, { userId, type: 'info', key: 'importFinished', params: { rows: 2 } });
    expect(await pushRows(userId)).toHaveLength(1);
  });

  it('tries again later when the push service fails', async () => {
    clock.set('2026-11-27T12:00:00Z');
    const { agent, userId } = await user();
    const browser = await subscribe(agent);
    service.status.set(browser.path, 503);
    await notify(t.app.ctx, { userId, type: 'info', key: 'importFinished', params: { rows: 1 } });
    await sendDueDeliveries(t.app.ctx, log);
    expect(await pushRows(userId)).toMatchObject([
      { status: 'pending', attempts: 1, lastError: expect.stringContaining('503') },
    ]);
    service.status.delete(browser.path);
    clock.advance(60_000);
    await sendDueDeliveries(t.app.ctx, log);
    expect(service.received.get(browser.path)).toHaveLength(2);
    expect(await pushRows(userId)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('plans no push when push is off', async () => {
    const { agent, userId } = await user();
    await subscribe(agent);
    await agent.patch('/api/v1/settings', { notifications: { pushEnabled: false } });
    await notify(t.app.ctx, { userId, type: 'info', key: 'importFinished', params: { rows: 1 } });
    expect(await pushRows(userId)).toEqual([]);
  });
});

describe('the push sender of a production configuration', () => {
  it('does not reach a name that resolves to a private address', async () => {
    // Any port here, so the name's lookup is what refuses.
    const sender = new PushSender(t.app.ctx.push.vapid, {
      agent: new HttpsAgent({ lookup: guardedLookup }),
      allowPrivateNetworks: true,
    });
    const result = await sender.send(
      { endpoint: `https://localhost:${new URL(origin).port}/push/guarded`, ...browserKeys().keys },
      { title: 'x', body: 'y', url: 'http://localhost:3000/' },
    );
    expect(result).toMatchObject({
      ok: false,
      gone: false,
      error: expect.stringContaining('not a public address'),
    });
    expect(service.received.get('/push/guarded')).toBeUndefined();
  });

  it('does not send to a private address or an odd port written in the endpoint', async () => {
    const sender = new PushSender(t.app.ctx.push.vapid, { agent: service.agent });
    for (const endpoint of [
      `${origin}/push/literal`,
      'https://10.0.0.1/push/literal',
      'https://localhost./push/literal',
      'https://foo.localhost/push/literal',
    ]) {
      expect(
        await sender.send(
          { endpoint, ...browserKeys().keys },
          { title: 'x', body: 'y', url: 'http://localhost:3000/' },
        ),
      ).toMatchObject({ ok: false, gone: false, error: expect.stringContaining('not a public') });
    }
    expect(service.received.get('/push/literal')).toBeUndefined();
  });
});
