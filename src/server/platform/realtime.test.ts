import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '@/contracts/realtime';
import type { App } from '../app';
import { mailOutbox, sessions } from '../db/schema';
import {
  Agent,
  emailPasswordReset,
  registerUser,
  STRONG_PASSWORD,
  uniqueIp,
} from '../testing/agent';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { TestSocket } from '../testing/ws-client';
import { Realtime } from './realtime';

/** Topics under `room:` are open to connections whose cookie says member=yes. */
function registerRoomTopic(app: App) {
  app.realtime.registerTopic({
    name: 'room',
    matches: (topic) => topic.startsWith('room:'),
    authorize: (request) => request.cookies.member === 'yes',
  });
}

let shared: TestDatabase;
let a: TestApp;
let b: TestApp;
let urlB: string;
const sockets: TestSocket[] = [];

async function connect(
  headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: 'member=yes' },
) {
  const socket = await TestSocket.open(urlB, headers);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  // Two app instances, as two API processes, on one database.
  shared = await createTestDatabase();
  a = await createTestApp({ testDb: shared, setup: registerRoomTopic });
  b = await createTestApp({ testDb: shared, setup: registerRoomTopic });
  const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = `${address.replace('http', 'ws')}/api/v1/realtime`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await a.close();
  await b.close();
  await shared.destroy();
});

describe('realtime over LISTEN/NOTIFY and WebSocket', () => {
  it('delivers an event published through one instance to a client of the other', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', topic: 'room:42' });
    await client.next((m) => m.type === 'subscribed' && m.topic === 'room:42');

    await a.app.realtime.publish('room:42', { text: 'hello', n: 1 });
    const event = await client.next((m) => m.type === 'event');
    expect(event).toEqual({ type: 'event', topic: 'room:42', payload: { text: 'hello', n: 1 } });
  });

  it('does not deliver other topics', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', topic: 'room:1' });
    await client.next((m) => m.type === 'subscribed');
    await a.app.realtime.publish('room:2', { x: 1 });
    await a.app.realtime.publish('room:1', { x: 2 });
    const event = await client.next((m) => m.type === 'event');
    expect(event).toMatchObject({ topic: 'room:1', payload: { x: 2 } });
  });

  it('delivers a publish made in a transaction only when it commits', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', topic: 'room:tx' });
    await client.next((m) => m.type === 'subscribed');

    await a.database.db
      .transaction(async (tx) => {
        await a.app.realtime.publish('room:tx', { n: 'rolled back' }, tx);
        await tx.execute(sql`select 1`);
        throw new Error('abort');
      })
      .catch(() => {});
    await a.database.db.transaction(async (tx) => {
      await a.app.realtime.publish('room:tx', { n: 'committed' }, tx);
    });
    const event = await client.next((m) => m.type === 'event');
    expect(event).toMatchObject({ payload: { n: 'committed' } });
    await client.flush();
    expect(client.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', topic: 'room:u' });
    await client.next((m) => m.type === 'subscribed');
    client.send({ type: 'unsubscribe', topic: 'room:u' });
    await client.next((m) => m.type === 'unsubscribed');
    await a.app.realtime.publish('room:u', { late: true });
    await a.app.realtime.publish('room:other', {});
    // A second socket proves the publish went out; the first must not see it.
    const witness = await connect();
    witness.send({ type: 'subscribe', topic: 'room:u' });
    await witness.next((m) => m.type === 'subscribed');
    await a.app.realtime.publish('room:u', { late: 'again' });
    await witness.next((m) => m.type === 'event');
    await client.flush();
    expect(client.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('refuses a topic its rule does not authorise, and topics no rule knows', async () => {
    const stranger = await connect({ origin: TEST_ORIGIN });
    stranger.send({ type: 'subscribe', topic: 'room:42' });
    expect(await stranger.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
      topic: 'room:42',
    });

    const member = await connect();
    member.send({ type: 'subscribe', topic: 'secret:1' });
    expect(await member.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
      topic: 'secret:1',
    });

    await a.app.realtime.publish('room:42', { private: true });
    await stranger.flush();
    expect(stranger.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('answers malformed messages with INVALID_MESSAGE and keeps the connection', async () => {
    const client = await connect();
    client.send('not json');
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'INVALID_MESSAGE',
    });
    client.send({ type: 'subscribe', topic: 'Bad Topic!' });
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'INVALID_MESSAGE',
    });
    await client.flush();
  });

  it('caps subscriptions per connection', async () => {
    const client = await connect();
    for (let i = 0; i < 50; i += 1) client.send({ type: 'subscribe', topic: `room:cap${i}` });
    client.send({ type: 'subscribe', topic: 'room:one-too-many' });
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'TOO_MANY_SUBSCRIPTIONS',
      topic: 'room:one-too-many',
    });
  });

  it('refuses connections from a foreign origin', async () => {
    await expect(TestSocket.open(urlB, { origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
  });

  it('refuses payloads PostgreSQL cannot carry', async () => {
    await expect(a.app.realtime.publish('room:big', { blob: 'x'.repeat(9_000) })).rejects.toThrow(
      /too large/,
    );
  });
});

describe('the user topic', () => {
  it('is open to the signed-in user only', async () => {
    const alice = await registerUser(b.app, 'topic-alice@example.com');
    const bob = await registerUser(b.app, 'topic-bob@example.com');
    const socket = await connect({
      origin: TEST_ORIGIN,
      cookie: `cairn_session=${alice.agent.cookies.get('cairn_session')}`,
    });
    socket.send({ type: 'subscribe', topic: `user:${alice.userId}` });
    await socket.next((m) => m.type === 'subscribed');
    socket.send({ type: 'subscribe', topic: `user:${bob.userId}` });
    expect(await socket.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
      topic: `user:${bob.userId}`,
    });

    await a.app.realtime.publish(`user:${alice.userId}`, { kind: 'role', role: 'admin' });
    expect(await socket.next((m) => m.type === 'event')).toMatchObject({
      payload: { kind: 'role', role: 'admin' },
    });

    const anonymous = await connect({ origin: TEST_ORIGIN });
    anonymous.send({ type: 'subscribe', topic: `user:${alice.userId}` });
    expect(await anonymous.next((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('sockets of ended sessions', () => {
  /** A socket on instance B, carrying the agent's session. */
  const socketOf = async (agent: Agent, userId: string) => {
    const socket = await connect({ origin: TEST_ORIGIN, cookie: agent.cookieHeader() });
    socket.send({ type: 'subscribe', topic: `user:${userId}` });
    await socket.next((m) => m.type === 'subscribed');
    return socket;
  };
  const stillOpen = async (socket: TestSocket) => {
    await socket.flush();
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  };
  const login = async (app: App, email: string, password = STRONG_PASSWORD) => {
    const agent = new Agent(app, { ip: uniqueIp() });
    expect((await agent.post('/api/v1/auth/login', { email, password })).statusCode).toBe(200);
    return agent;
  };

  it('closes, in every process, with 4401 when the session signs out', async () => {
    const { agent, userId } = await registerUser(a.app, 'ws-signout@example.com');
    const socket = await socketOf(agent, userId);
    // Signing out through the other instance.
    expect((await agent.post('/api/v1/auth/logout')).statusCode).toBe(200);
    expect(await socket.closed).toEqual({
      code: SESSION_ENDED_CLOSE_CODE,
      reason: 'session ended',
    });
  });

  it('closes the socket of a device signed out from another one, and only that one', async () => {
    const { agent: phone, userId } = await registerUser(a.app, 'ws-devices@example.com');
    const laptop = await login(a.app, 'ws-devices@example.com');
    const phoneSocket = await socketOf(phone, userId);
    const laptopSocket = await socketOf(laptop, userId);
    const list = (await phone.get('/api/v1/auth/sessions')).json().sessions as {
      id: string;
      current: boolean;
    }[];
    const other = list.find((session) => !session.current)!;
    expect((await phone.delete(`/api/v1/auth/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await laptopSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    await stillOpen(phoneSocket);
  });

  it('closes the other sessions’ sockets on a password change, and every one on a reset', async () => {
    const { agent, userId } = await registerUser(a.app, 'ws-password@example.com');
    const other = await login(a.app, 'ws-password@example.com');
    const mine = await socketOf(agent, userId);
    const theirs = await socketOf(other, userId);
    const changed = await agent.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(changed.statusCode).toBe(200);
    expect((await theirs.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    // The session that changed the password stays (with a new token).
    await stillOpen(mine);

    await emailPasswordReset(a.app, 'ws-password@example.com');
    const [mail] = await a.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, 'ws-password@example.com'),
          eq(mailOutbox.template, 'reset-password'),
        ),
      );
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const reset = await new Agent(a.app, { ip: uniqueIp() }).post('/api/v1/auth/password/reset', {
      token,
      password: 'Another-Pass-8',
    });
    expect(reset.statusCode).toBe(200);
    expect((await mine.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('subscribes to nothing once its session is gone, even if the close was missed', async () => {
    const { agent, userId } = await registerUser(a.app, 'ws-missed@example.com');
    const socket = await connect({ origin: TEST_ORIGIN, cookie: agent.cookieHeader() });
    // The session disappears without any announcement (as if the event were lost).
    await a.database.db.delete(sessions).where(eq(sessions.userId, userId));
    socket.send({ type: 'subscribe', topic: `user:${userId}` });
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(socket.messages.filter((m) => m.type === 'subscribed')).toEqual([]);
  });
});

describe('messages after the read cache', () => {
  it('hands messages on only once the wait before them is over, in order, one wait per batch', async () => {
    let release: () => void = () => {};
    let waits = 0;
    const realtime = new Realtime(
      shared.database,
      { warn() {}, error() {} },
      {
        beforeDispatch: () => {
          waits += 1;
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
    );
    const heard: unknown[] = [];
    realtime.subscribe('room:order', (payload) => heard.push(payload));
    await realtime.start();
    try {
      await realtime.publish('room:order', 1);
      await expect.poll(() => waits).toBe(1);
      await realtime.publish('room:order', 2);
      await realtime.publish('room:order', 3);
      // Held back while the first wait lasts; the two that came meanwhile share the next wait.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([]);
      release();
      await expect.poll(() => heard).toEqual([1]);
      await expect.poll(() => waits).toBe(2);
      release();
      await expect.poll(() => heard).toEqual([1, 2, 3]);
      expect(waits).toBe(2);
    } finally {
      release();
      await realtime.stop();
    }
  });
});
