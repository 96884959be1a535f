/**
 * Sign-in throughput (issue 3): POST /api/v1/auth/login with 20 concurrent clients on loopback
 * for 10 seconds against the production build (NODE_ENV=test only so that sign-up can read the
 * activation link from the development outbox). Requests come "through a proxy"
 * (TRUST_PROXY=loopback) with a distinct X-Forwarded-For each, spread over 400 accounts.
 * Every measured request must succeed (200).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { median, percentile, signUp, startServer } from './lib';

const CLIENTS = 20;
const DURATION_MS = 10_000;
const ACCOUNTS = 400;
const PASSWORD = 'Bench-Password-1';

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export async function authBench(databaseUrl: string | null = null) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-auth-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'error',
    // Sign-up reads the activation link from the development outbox (not served in production).
    NODE_ENV: 'test',
  });
  const dispatcher = new Agent({ connections: CLIENTS, keepAliveTimeout: 30_000 });
  const post = (pathname: string, body: unknown) =>
    request(`${server.url}${pathname}`, {
      method: 'POST',
      dispatcher,
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'x-forwarded-for': nextIp(),
      },
      body: JSON.stringify(body),
    });
  try {
    for (let i = 0; i < ACCOUNTS; i += 1) {
      await signUp(server.url, `bench${i}@example.com`, PASSWORD, { 'x-forwarded-for': nextIp() });
    }
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const deadline = performance.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const account = next++ % ACCOUNTS;
          const t0 = performance.now();
          const res = await post('/api/v1/auth/login', {
            email: `bench${account}@example.com`,
            password: PASSWORD,
            remember: false,
          });
          await res.body.dump();
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 200) failures += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return {
      clients: CLIENTS,
      durationSeconds: Math.round(elapsed * 10) / 10,
      requests: latencies.length,
      failures,
      requestsPerSecond: Math.round(latencies.length / elapsed),
      latencyMs: {
        p50: Math.round(median(latencies) * 10) / 10,
        p95: Math.round(percentile(latencies, 95) * 10) / 10,
        p99: Math.round(percentile(latencies, 99) * 10) / 10,
      },
      cpus: os.cpus().length,
      database: databaseUrl ? 'postgresql' : 'pglite',
    };
  } finally {
    await dispatcher.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
