import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';

/**
 * Short-lived counters and gates keyed by name (sign-in failures per address, account and
 * device): in this process's memory, or in Redis when REDIS_URL is set so that every API process
 * shares them (like the rate limits). Times come from the app's clock, so tests move them.
 */
export type CounterStore = {
  /**
   * Adds one to `key` and returns the new count. The count starts over when the window has passed:
   * `fixed` counts from the first hit, `idle` from the last one (it lasts while hits keep coming).
   */
  increment(key: string, windowMs: number, mode: 'fixed' | 'idle'): Promise<number>;
  /** Closes `key` until `untilMs` (never shortens a longer close). */
  closeUntil(key: string, untilMs: number): Promise<void>;
  /** Milliseconds until `key` opens again; 0 when open. */
  closedFor(key: string): Promise<number>;
  /** True for the first caller within `ttlMs` (a "once per window" marker). */
  once(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
};

type Entry = { count: number; startedAt: number; lastAt: number; expiresAt: number };

/** One process: a Map swept of expired entries as it grows. */
export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, Entry>();
  private readonly gates = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  private now() {
    return this.clock.now().getTime();
  }

  private sweep(now: number) {
    if (this.counts.size + this.gates.size < 10_000) return;
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    for (const [key, until] of this.gates) if (until <= now) this.gates.delete(key);
  }

  increment(key: string, windowMs: number, mode: 'fixed' | 'idle') {
    const now = this.now();
    this.sweep(now);
    const entry = this.counts.get(key);
    const from = entry ? (mode === 'fixed' ? entry.startedAt : entry.lastAt) : 0;
    if (!entry || now - from >= windowMs) {
      this.counts.set(key, { count: 1, startedAt: now, lastAt: now, expiresAt: now + windowMs });
      return Promise.resolve(1);
    }
    entry.count += 1;
    entry.lastAt = now;
    entry.expiresAt = (mode === 'fixed' ? entry.startedAt : now) + windowMs;
    return Promise.resolve(entry.count);
  }

  closeUntil(key: string, untilMs: number) {
    this.gates.set(key, Math.max(untilMs, this.gates.get(key) ?? 0));
    return Promise.resolve();
  }

  closedFor(key: string) {
    const until = this.gates.get(key) ?? 0;
    return Promise.resolve(Math.max(0, until - this.now()));
  }

  once(key: string, ttlMs: number) {
    const now = this.now();
    const until = this.gates.get(`once:${key}`) ?? 0;
    if (until > now) return Promise.resolve(false);
    this.gates.set(`once:${key}`, now + ttlMs);
    return Promise.resolve(true);
  }

  delete(key: string) {
    this.counts.delete(key);
    this.gates.delete(key);
    return Promise.resolve();
  }

  close() {
    return Promise.resolve();
  }
}

// Count and window start in one hash, updated atomically. Times are the app's, passed in;
// Redis's own expiry only cleans up (a day past the window at most).
const INCREMENT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local idle = ARGV[3] == 'idle'
local started = tonumber(redis.call('HGET', KEYS[1], 's') or '-1')
local last = tonumber(redis.call('HGET', KEYS[1], 'l') or '-1')
local from = started
if idle then from = last end
local count
if started < 0 or now - from >= window then
  redis.call('HSET', KEYS[1], 's', now, 'l', now, 'c', 1)
  count = 1
else
  count = redis.call('HINCRBY', KEYS[1], 'c', 1)
  redis.call('HSET', KEYS[1], 'l', now)
end
redis.call('PEXPIRE', KEYS[1], window + 60000)
return count
`;

const CLOSE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local untilMs = tonumber(ARGV[1])
if untilMs > current then
  redis.call('SET', KEYS[1], untilMs, 'PX', math.max(1000, untilMs - tonumber(ARGV[2]) + 60000))
end
return 1
`;

type RedisClient = {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<number>;
  disconnect(): void;
};

/** Shared by every API process. Errors propagate: the caller decides what an outage means. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly clock: Clock,
    private readonly prefix = 'cairn:ct:',
  ) {}

  private now() {
    return this.clock.now().getTime();
  }

  async increment(key: string, windowMs: number, mode: 'fixed' | 'idle') {
    const count = await this.redis.eval(
      INCREMENT,
      1,
      this.prefix + key,
      this.now(),
      windowMs,
      mode,
    );
    return Number(count);
  }

  async closeUntil(key: string, untilMs: number) {
    await this.redis.eval(CLOSE, 1, `${this.prefix}gate:${key}`, untilMs, this.now());
  }

  async closedFor(key: string) {
    const until = Number((await this.redis.get(`${this.prefix}gate:${key}`)) ?? 0);
    return Math.max(0, until - this.now());
  }

  async once(key: string, ttlMs: number) {
    // The marker holds the app time it lapses at, so a fake clock moves it like the others.
    const until = Number((await this.redis.get(`${this.prefix}once:${key}`)) ?? 0);
    if (until > this.now()) return false;
    const claimed = await this.redis.eval(
      `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
       if v > tonumber(ARGV[1]) then return 0 end
       redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
       return 1`,
      1,
      `${this.prefix}once:${key}`,
      this.now(),
      this.now() + ttlMs,
      ttlMs + 60_000,
    );
    return Number(claimed) === 1;
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key, `${this.prefix}gate:${key}`);
  }

  close() {
    this.redis.disconnect();
    return Promise.resolve();
  }
}

/** The store the configuration asks for; Redis is loaded only when REDIS_URL is set. */
export async function createCounterStore(
  redisUrl: string | null,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<CounterStore> {
  if (!redisUrl) return new MemoryCounterStore(clock);
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error) => log.warn({ err: error }, 'counter store unreachable'));
  return new RedisCounterStore(redis, clock);
}
