import { readFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from './testing/spawn-server';
import { createTestDatabase, type TestDatabase } from './testing/test-db';

let dir: string;
let testDb: TestDatabase | null = null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-proc-'));
  if (process.env.TEST_DB_KIND === 'postgres') testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** The database this project tests: PGlite in DATA_DIR, or a PostgreSQL database of its own. */
const databaseEnv = (): Record<string, string> => (testDb?.url ? { DATABASE_URL: testDb.url } : {});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('starting the server', () => {
  it("stops with 'Invalid environment configuration' naming the variable", async () => {
    const server = spawnServer('src/server/main.ts', {
      DATA_DIR: path.join(dir, 'bad'),
      ANALYTICS_ID: 'UA-123',
      PORT: 'x',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment configuration');
    expect(server.output()).toContain('ANALYTICS_ID');
    expect(server.output()).toContain('PORT');
  });

  it('starts on a fresh data folder, generates its secrets, and reopens the same folder', async () => {
    const dataDir = path.join(dir, 'fresh');
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...databaseEnv() };

    const first = spawnServer('src/server/main.ts', env);
    const [, url] = await first.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await get(`${url}/api/v1/ready`)).status).toBe(200);
    const secrets = await readFile(path.join(dataDir, 'secrets.json'), 'utf8');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = spawnServer('src/server/main.ts', env);
    const [, url2] = await second.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await get(`${url2}/api/v1/ready`)).status).toBe(200);
    expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // Two starts, one of them creating the database: 12 s beside the rest of the suite.
  }, 90_000);
});

describe('graceful shutdown', () => {
  // One data folder for both: the second opens what the first created (initdb is a third of a start).
  const shutdownDataDir = () => path.join(dir, 'shutdown');

  it('lets an in-flight request finish after SIGTERM, turns newcomers away, then exits 0', async () => {
    const server = spawnServer('src/server/testing/fixtures/slow-server.ts', {
      DATA_DIR: shutdownDataDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      SLOW_MS: '1500',
      ...databaseEnv(),
    });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);

    const slow = get(`${url}/api/v1/__test/slow`);
    await server.waitFor(/slow request started/);
    server.child.kill('SIGTERM');
    await server.waitFor(/shutting down/);

    // A newcomer is turned away: refused or reset at the socket, or 503 if it slipped in.
    const newcomer = await get(`${url}/api/v1/health`).then(
      (res) => `HTTP ${res.status}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(['ECONNREFUSED', 'ECONNRESET', 'HTTP 503']).toContain(newcomer);
    expect(await slow).toEqual({ status: 200, body: '{"done":true}' });
    expect(await server.exited).toBe(0);

    const output = server.output();
    expect(output.indexOf('"msg":"request completed"')).toBeGreaterThan(
      output.indexOf('shutting down'),
    );
    expect(output.indexOf('"msg":"stopped"')).toBeGreaterThan(
      output.lastIndexOf('request completed'),
    );
  });

  it('answers every one of 100 requests in flight when SIGTERM arrives, then exits 0', async () => {
    const server = spawnServer('src/server/testing/fixtures/slow-server.ts', {
      DATA_DIR: shutdownDataDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      SLOW_MS: '1000',
      ...databaseEnv(),
    });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);

    // Each on a connection of its own, as 100 browsers would.
    const answers = Array.from({ length: 100 }, () =>
      get(`${url}/api/v1/__test/slow`).then(
        (res) => `HTTP ${res.status} ${res.body}`,
        (error: NodeJS.ErrnoException) => `failed ${error.code ?? error.message}`,
      ),
    );
    // Every request has reached its handler before the signal.
    const started = () => server.output().split('slow request started').length - 1;
    for (let waited = 0; started() < 100 && waited < 20_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(started()).toBe(100);
    server.child.kill('SIGTERM');

    const results = await Promise.all(answers);
    expect(results.filter((result) => result !== 'HTTP 200 {"done":true}')).toEqual([]);
    expect(await server.exited).toBe(0);
  });
});
