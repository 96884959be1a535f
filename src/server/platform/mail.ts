import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from './clock';
import { DAY, HOUR, MINUTE, SECOND } from './clock';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template produced it (for the outbox and logs). */
  template: string;
  /** The email's one action link, when it has one (renderEmail gives it). */
  actionUrl?: string | null;
};

export type MailLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const MAX_ATTEMPTS = 5;
/** Queuing a message notifies this channel in the same transaction: workers wake when it commits. */
export const MAIL_CHANNEL = 'cairn_mail';
const BATCH = 10;
const POLL_MS = 5 * SECOND;
/** How long a claimed message stays claimed by the process sending it. */
const LEASE_MS = 2 * MINUTE;
/**
 * Bodies carry links and codes: they are cleared once sent, and otherwise kept only as long as
 * they can be of use. Outbox messages (no SMTP) wait for an administrator to pass their links on
 * (/admin/mail): 7 days, the lifetime of the longest-lived link an email carries (an email
 * confirmation, a portfolio invitation). An undelivered message older than a day is given up.
 */
export const OUTBOX_BODY_RETENTION_MS = 7 * DAY;
export const UNSENT_BODY_RETENTION_MS = 24 * HOUR;

/**
 * Email goes through the `mail_outbox` table. `queue` writes a message in the caller's
 * transaction (so an email exists if and only if the change that causes it committed). With
 * SMTP_URL, a worker in every process claims pending messages (row locks, SKIP LOCKED) and sends
 * them, retrying with a growing delay; a sent message keeps its recipient, subject and template
 * but not its body. Without it, messages stay in the outbox (status `stored`) for an
 * administrator to pass their links on (/admin/mail; the development outbox endpoint outside
 * production); the log names them by template and id only, and shows recipient and body only in
 * development (NODE_ENV=development), since bodies hold reset links and codes.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly options: {
      smtpUrl: string | null;
      from: string;
      logBodies?: boolean;
      /** Called in the caller's transaction when a message is kept (no SMTP_URL). */
      onStored?: (db: DbOrTx) => Promise<void>;
    },
    private readonly logger: MailLogger,
    private readonly clock: Clock,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get delivers() {
    return this.transport !== null;
  }

  async queue(db: DbOrTx, message: MailMessage): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        template: message.template,
        actionUrl: message.actionUrl ?? null,
        status: this.transport ? 'pending' : 'stored',
        nextAttemptAt: this.clock.now(),
      })
      .returning({ id: mailOutbox.id });
    if (this.transport) {
      // Delivered when (and only if) the caller's transaction commits, to every process.
      await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
      return;
    }
    // The outbox mode: an administrator passes the links on from /admin/mail. The log names the
    // email by its kind and row, never its recipient nor its body (links and codes), except on a
    // developer's machine (NODE_ENV=development) where reading them there is the point.
    await this.options.onStored?.(db);
    this.logger.info(
      {
        outbox: true,
        id: row?.id,
        template: message.template,
        ...(this.options.logBodies ? { to: message.to, text: message.text } : {}),
      },
      'email kept for the administrator at /admin/mail (no SMTP_URL)',
    );
  }

  /**
   * Clears the bodies nobody needs any more: outbox messages after 7 days; undelivered ones
   * (failed, or still pending after a day, which are given up). Returns how many were cleared.
   */
  async purgeBodies(now: Date): Promise<number> {
    const db = this.database.db;
    const hasBody = ne(mailOutbox.text, '');
    const stored = await db
      .update(mailOutbox)
      .set({ text: '', html: '', actionUrl: null })
      .where(
        and(
          eq(mailOutbox.status, 'stored'),
          hasBody,
          lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_BODY_RETENTION_MS)),
        ),
      )
      .returning({ id: mailOutbox.id });
    const failed = await db
      .update(mailOutbox)
      .set({ text: '', html: '', actionUrl: null })
      .where(and(eq(mailOutbox.status, 'failed'), hasBody))
      .returning({ id: mailOutbox.id });
    const stale = await db
      .update(mailOutbox)
      .set({
        text: '',
        html: '',
        actionUrl: null,
        status: 'failed',
        lastError: 'not delivered within a day',
      })
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          hasBody,
          lt(mailOutbox.createdAt, new Date(now.getTime() - UNSENT_BODY_RETENTION_MS)),
        ),
      )
      .returning({ id: mailOutbox.id });
    const sent = await db
      .update(mailOutbox)
      .set({ text: '', html: '', actionUrl: null })
      .where(and(eq(mailOutbox.status, 'sent'), hasBody))
      .returning({ id: mailOutbox.id });
    return stored.length + failed.length + stale.length + sent.length;
  }

  /** Starts the worker: a pass when a message is queued anywhere, and a poll for retries. */
  async start() {
    if (!this.transport || !this.stopped) return;
    this.stopped = false;
    this.stopListening = await this.database.listen(MAIL_CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening?.();
    this.stopListening = null;
    await this.running;
    this.transport?.close();
  }

  /** Runs a delivery pass; a kick during a pass runs another one right after it. */
  private kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverPending()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: error }, 'mail delivery pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends what is due; returns how many messages were sent. Exposed for tests. */
  async deliverPending(): Promise<number> {
    if (!this.transport) return 0;
    const now = this.clock.now();
    const db = this.database.db;
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(mailOutbox.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });

    let sent = 0;
    for (const message of claimed) {
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        // Sent: the body (links, codes) has no reason to stay.
        await db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: this.clock.now(),
            lastError: null,
            text: '',
            html: '',
            actionUrl: null,
          })
          .where(eq(mailOutbox.id, message.id));
        sent += 1;
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        const retryIn = Math.min(2 ** message.attempts * 30 * SECOND, 30 * MINUTE);
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            ...(failed ? { text: '', html: '', actionUrl: null } : {}),
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(this.clock.now().getTime() + retryIn),
          })
          .where(eq(mailOutbox.id, message.id));
        this.logger.warn(
          { template: message.template, attempts: message.attempts, failed, err: error },
          'email not sent',
        );
      }
    }
    return sent;
  }
}
