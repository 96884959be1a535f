import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Logger } from '../db/client';

/**
 * Everyday reads kept in memory until what they show changes.
 *
 * A round trip to the database costs more than a whole request to /health (a thread or process
 * to wake, each way), and the pages a user opens all day read the same rows again and again. A
 * read cached here answers without one, and stays exact: every statement that writes what a read
 * may show announces the keys it touched on the channel `cairn_changes` (migrations 0020 and 0021;
 * the features that own the rows name their keys; `*` is everything), and every process drops the
 * entries that depend on a key it hears.
 *
 * - Writes of this process: on PostgreSQL a request that wrote waits, before it answers, until
 *   its own announcements came back (`barrier`, an announcement of its own that arrives after
 *   them since listeners hear transactions in commit order), so its next read sees what it
 *   wrote. On the embedded database an announcement arrives with the answer to the statement
 *   that committed it, so it is heard before the writer goes on.
 * - Writes of another process (PostgreSQL, several API processes): heard as soon as PostgreSQL
 *   delivers them, a fraction of a millisecond on one network; until then that process may
 *   answer from what it kept (docs/decisions.md).
 * - A lost listening connection: nothing is served from memory until it listens again, and what
 *   was kept is dropped (announcements may have been missed meanwhile).
 * - A read that was loading while one of its keys was announced is not kept.
 */

export const CHANGES_CHANNEL = 'cairn_changes';

const BARRIER_PREFIX = 'barrier:';
/** Reads kept at most (least recently used first out); a large answer with its text is tens of KB. */
const DEFAULT_MAX_ENTRIES = 2_000;
/** A barrier not heard back within this time empties the cache instead (it may have lagged). */
const BARRIER_TIMEOUT_MS = 2_000;

export type Loaded<T> = {
  value: T;
  /** The keys whose change makes the value stale; null: do not keep it. */
  deps: readonly string[] | null;
};

type Entry = { value: unknown; deps: readonly string[] };

export type ReadCacheStats = { hits: number; misses: number; entries: number; drops: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byDep = new Map<string, Set<string>>();
  /** When each key was last announced (a generation number), to refuse reads that overlapped. */
  private readonly announced = new Map<string, number>();
  /** Reads started before this generation are not kept (after `announced` was emptied). */
  private floor = 0;
  private generation = 0;
  private listening = false;
  private readonly barriers = new Map<string, () => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly counts = { hits: 0, misses: 0, drops: 0 };

  constructor(
    private readonly options: {
      database: Pick<Database, 'kind' | 'db' | 'listen'>;
      logger: Logger;
      /** At most this many reads are kept; the least recently used go first. */
      maxEntries?: number;
      /**
       * Before answering from memory, hear every announcement committed so far (a barrier): for
       * tests, whose fixtures write to the database directly rather than through a request.
       */
      strict?: boolean;
    },
  ) {}

  /** Starts listening; until then (and with `enabled: false`) every read goes to the database. */
  async start(): Promise<void> {
    this.stopListening = await this.options.database.listen(
      CHANGES_CHANNEL,
      (payload) => this.hear(payload),
      (state) => {
        // Lost or back: what was kept may have missed announcements either way.
        this.clear();
        this.listening = state === 'listening';
        if (!this.listening) this.options.logger.warn({}, 'read cache off: not listening');
      },
    );
    this.clear();
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
    const stop = this.stopListening;
    this.stopListening = null;
    if (stop) await stop();
  }

  get enabled() {
    return this.listening;
  }

  stats(): ReadCacheStats {
    return { ...this.counts, entries: this.entries.size };
  }

  /**
   * The value kept under `key`, else what `load` reads (kept with the keys it names, unless one
   * of them was announced while it loaded). The value is shared: never change it.
   */
  async read<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.listening) return (await load()).value;
    if (this.options.strict && this.entries.has(key)) await this.barrier();
    const entry = this.entries.get(key);
    if (entry) {
      this.counts.hits += 1;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    this.counts.misses += 1;
    const ticket = this.generation;
    const loaded = await load();
    if (loaded.deps && this.listening && this.unchangedSince(ticket, loaded.deps)) {
      this.keep(key, loaded.value, loaded.deps);
    }
    return loaded.value;
  }

  /**
   * Resolves once every announcement of what this process committed so far has been heard (see
   * the top of this file). Immediate on the embedded database, and when not listening.
   */
  async barrier(): Promise<void> {
    if (!this.listening || this.options.database.kind !== 'postgres') return;
    const id = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.barriers.delete(id);
        resolve(false);
      }, BARRIER_TIMEOUT_MS);
      timer.unref();
      this.barriers.set(id, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await this.options.database.db.execute(
        sql`select pg_notify(${CHANGES_CHANNEL}, ${BARRIER_PREFIX + id})`,
      );
    } catch (error) {
      this.barriers.get(id)?.();
      this.clear();
      throw error;
    }
    if (!(await heard)) {
      this.options.logger.warn({}, 'read cache barrier not heard back: emptied');
      this.clear();
    }
  }

  /** Drops what depends on these keys (`*`: everything), as an announcement does. */
  drop(keys: readonly string[]) {
    this.generation += 1;
    for (const key of keys) {
      if (key === '*') {
        this.clear();
        continue;
      }
      this.announced.set(key, this.generation);
      const dependents = this.byDep.get(key);
      if (!dependents) continue;
      this.byDep.delete(key);
      for (const entryKey of dependents) this.remove(entryKey);
    }
    // The announcements remembered only matter to reads in flight: forget them now and then.
    if (this.announced.size > 10_000) {
      this.announced.clear();
      this.floor = this.generation;
    }
  }

  /** Forgets everything kept. */
  clear() {
    this.generation += 1;
    this.floor = this.generation;
    this.announced.clear();
    this.counts.drops += this.entries.size;
    this.entries.clear();
    this.byDep.clear();
  }

  private hear(payload: string) {
    const keys: string[] = [];
    for (const part of payload.split(',')) {
      if (part.startsWith(BARRIER_PREFIX)) {
        const resolve = this.barriers.get(part.slice(BARRIER_PREFIX.length));
        if (resolve) {
          this.barriers.delete(part.slice(BARRIER_PREFIX.length));
          resolve();
        }
      } else if (part) {
        keys.push(part);
      }
    }
    if (keys.length) this.drop(keys);
  }

  private unchangedSince(ticket: number, deps: readonly string[]) {
    if (ticket < this.floor) return false;
    for (const dep of deps) if ((this.announced.get(dep) ?? 0) > ticket) return false;
    return true;
  }

  private keep(key: string, value: unknown, deps: readonly string[]) {
    this.remove(key);
    this.entries.set(key, { value, deps });
    for (const dep of deps) {
      let dependents = this.byDep.get(dep);
      if (!dependents) {
        dependents = new Set();
        this.byDep.set(dep, dependents);
      }
      dependents.add(key);
    }
    const max = this.options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.counts.drops += 1;
    for (const dep of entry.deps) {
      const dependents = this.byDep.get(dep);
      dependents?.delete(key);
      if (dependents?.size === 0) this.byDep.delete(dep);
    }
  }
}

/**
 * Sends an answer kept by a ReadCache as JSON serialized once: the first time through the
 * route's own serializer (its response schema checks it), then the same text while the cache
 * hands out the same value. Each route gets its own (`keptJson()`), with how it wraps the value.
 */
export function keptJson<T extends object, A>(wrap: (value: T) => A) {
  const texts = new WeakMap<T, string>();
  return (reply: FastifyReply, value: T): FastifyReply => {
    let text = texts.get(value);
    if (text === undefined) {
      text = String(reply.serialize(wrap(value)));
      texts.set(value, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };
}
