import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client';
import { registerUser } from '../testing/agent';
import { hashToken } from './crypto';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

/**
 * A PostgreSQL server that goes away and comes back: the app reaches its database through a
 * TCP relay the test cuts and restores.
 */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** The database is gone: open connections break and new ones are refused. */
  async stop() {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let testDb: TestDatabase;
let relay: Relay;
let t: TestApp;
let viaRelay: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const url = new URL(testDb.url ?? '');
  relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
  await relay.start();
  url.port = String(relay.port);
  viaRelay = await openPostgres(url.toString(), { max: 3 });
  t = await createTestApp({
    testDb: { ...testDb, database: viaRelay, destroy: () => viaRelay.close() },
  });
});
afterAll(async () => {
  await t.close();
  await viaRelay.close();
  await relay.stop();
  await testDb.destroy();
});

describe('while PostgreSQL is unreachable', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, logs no query values, and recovers by itself', async () => {
    const { agent } = await registerUser(t.app, 'outage@example.com');
    expect((await agent.get('/api/v1/portfolios')).statusCode).toBe(200);

    await relay.stop();
    for (const url of ['/api/v1/portfolios', '/api/v1/settings']) {
      const down = await agent.get(url);
      expect(down.statusCode, url).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
    }
    const write = await agent.post('/api/v1/portfolios', { name: 'During the outage' });
    expect(write.statusCode).toBe(503);
    // Liveness does not depend on the database; readiness says it is down.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(503);
    // The session token's hash was a parameter of the failed query: it is not in the log.
    const token = agent.cookies.get('cairn_session');
    expect(token).toBeTruthy();
    expect(t.rawLogs()).toContain('database unavailable');
    expect(t.rawLogs()).not.toContain(hashToken(token ?? ''));
    expect(t.rawLogs()).not.toMatch(/params:/);

    await relay.start();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = (await agent.get('/api/v1/portfolios')).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    const created = await agent.post('/api/v1/portfolios', { name: 'After the outage' });
    expect(created.statusCode).toBe(201);
  });
});

describe('while PostgreSQL refuses connections to the database (55000)', () => {
  /** The server's maintenance database, to switch ours off and on as a starting server would. */
  async function admin(statement: (name: string) => string) {
    const url = new URL(testDb.url ?? '');
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(statement(name));
    } finally {
      await client.end();
    }
  }

  it('is an outage: 503 with Retry-After for a signed-in caller, /health 200 and /ready its own 503', async () => {
    const { agent } = await registerUser(t.app, 'refused@example.com');
    expect((await agent.get('/api/v1/portfolios')).statusCode).toBe(200);

    await admin((name) => `alter database "${name}" allow_connections false`);
    // Connections already open end too (as a shutdown ends them): new ones are refused with 55000.
    await admin(
      (name) =>
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const down = await agent.get('/api/v1/portfolios');
        expect(down.statusCode).toBe(503);
        expect(down.headers['retry-after']).toBe('5');
        expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
      }
      const health = await agent.get('/api/v1/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok' });
      const ready = await agent.get('/api/v1/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: { status: 'down' } },
      });
    } finally {
      await admin((name) => `alter database "${name}" allow_connections true`);
    }
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = (await agent.get('/api/v1/portfolios')).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });
});
