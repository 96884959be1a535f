import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/** The one PostgreSQL channel every process listens on; the topic travels in the payload. */
export const REALTIME_CHANNEL = 'cairn_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;

export type TopicHandler = (payload: unknown) => void;

/**
 * An internal topic (clients cannot name it: '$' is outside the topic alphabet) on which every
 * process learns which sessions ended, so it closes their WebSockets.
 */
export const SESSIONS_ENDED_TOPIC = '$sessions-ended';
export type SessionsEnded =
  | { sessionIds: string[] }
  /** Every session of the user but one (password change) or all of them (reset, deletion). */
  | { userId: string; exceptSessionId: string | null };
/** Ids per notification: 150 UUIDs stay well under the NOTIFY payload limit. */
const ENDED_IDS_PER_MESSAGE = 150;

/**
 * Who may subscribe to which topics over the WebSocket. Features register rules for their
 * topics; a topic no rule matches is refused.
 */
export type TopicRule = {
  /** A short name for logs. */
  name: string;
  matches(topic: string): boolean;
  authorize(request: FastifyRequest, topic: string): boolean | Promise<boolean>;
};

export type Logger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Publish/subscribe across every API process over PostgreSQL LISTEN/NOTIFY. `publish` inside a
 * transaction (pass the tx) is delivered only if and when that transaction commits.
 */
export class Realtime {
  private readonly handlers = new Map<string, Set<TopicHandler>>();
  private readonly rules: TopicRule[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private readonly queued: string[] = [];
  private flushing = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: {
      /**
       * Awaited before messages are handed to subscribers, for those that arrived before it was
       * called: the read cache hears first the changes a message tells of (they came on another
       * connection), so a client refetching on the message reads them.
       */
      beforeDispatch?: () => Promise<void>;
    } = {},
  ) {}

  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.database.listen(REALTIME_CHANNEL, (raw) => this.receive(raw));
  }

  private receive(raw: string) {
    if (!this.options.beforeDispatch) {
      this.dispatch(raw);
      return;
    }
    this.queued.push(raw);
    if (!this.flushing) void this.flush(this.options.beforeDispatch);
  }

  /** Hands the queued messages on, in order, each batch after `before` resolved. */
  private async flush(before: () => Promise<void>) {
    this.flushing = true;
    try {
      while (this.queued.length) {
        const batch = this.queued.splice(0);
        try {
          await before();
        } catch (error) {
          this.logger.warn({ err: error }, 'realtime: waiting before dispatch failed');
        }
        for (const raw of batch) this.dispatch(raw);
      }
    } finally {
      this.flushing = false;
    }
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.handlers.clear();
    if (stop) await stop();
  }

  async publish(topic: string, payload: unknown, db: DbOrTx = this.database.db): Promise<void> {
    const message = JSON.stringify({ topic, payload });
    if (Buffer.byteLength(message) > MAX_NOTIFY_BYTES) {
      throw new Error(
        `realtime payload for ${topic} is too large; publish an id and let clients fetch`,
      );
    }
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${message})`);
  }

  /**
   * Tells every process that these sessions ended (sign-out, revocation, password change or
   * reset, expiry); their WebSockets close. Inside a transaction, only if it commits.
   */
  async endSessions(ended: SessionsEnded, db: DbOrTx = this.database.db): Promise<void> {
    if (!('sessionIds' in ended)) {
      await this.publish(SESSIONS_ENDED_TOPIC, ended, db);
      return;
    }
    for (let i = 0; i < ended.sessionIds.length; i += ENDED_IDS_PER_MESSAGE) {
      const sessionIds = ended.sessionIds.slice(i, i + ENDED_IDS_PER_MESSAGE);
      await this.publish(SESSIONS_ENDED_TOPIC, { sessionIds }, db);
    }
  }

  /** Calls `handler` with every payload published on `topic` by any process; returns the unsubscribe. */
  subscribe(topic: string, handler: TopicHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) this.handlers.delete(topic);
    };
  }

  registerTopic(rule: TopicRule): void {
    this.rules.push(rule);
  }

  /** True when a registered rule matches the topic and lets this request subscribe to it. */
  async canSubscribe(request: FastifyRequest, topic: string): Promise<boolean> {
    const rule = this.rules.find((candidate) => candidate.matches(topic));
    if (!rule) return false;
    try {
      return await rule.authorize(request, topic);
    } catch (error) {
      this.logger.error({ err: error, rule: rule.name, topic }, 'realtime authorization failed');
      return false;
    }
  }

  private dispatch(raw: string) {
    let message: { topic?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      this.logger.warn({ length: raw.length }, 'ignoring malformed realtime notification');
      return;
    }
    if (typeof message.topic !== 'string') return;
    const set = this.handlers.get(message.topic);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message.payload);
      } catch (error) {
        this.logger.error({ err: error, topic: message.topic }, 'realtime handler failed');
      }
    }
  }
}
