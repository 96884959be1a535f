import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { MailEntry, MailMessageDetail, MailStatus } from '@/contracts/admin';
import type { ServerContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { recordAudit } from './audit';
import { type AuthContext } from '../session';
import { AppError } from '../../platform/errors';

/**
 * Outgoing mail for administrators (/admin/mail). Without SMTP_URL nothing leaves the server: the
 * emails wait here and the administrator passes their links on (activation, reset, invitations),
 * which is how a self-hosted server without a mail server lets people in. With SMTP_URL it is a
 * delivery log (sent, waiting, failed). The list shows who, what and when; a body (with its
 * link) is read one at a time and each reading is audited, since it can open someone's account.
 */

type Row = typeof mailOutbox.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function toEntry(row: Pick<Row, keyof Row>, delivery: boolean): MailEntry {
  // With a mail server no body is readable here: say none is kept.
  const readable = !delivery && row.status === 'stored' && row.text !== '';
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    hasBody: readable,
    hasLink: readable && row.actionUrl !== null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listMail(
  ctx: ServerContext,
  query: {
    page: number;
    pageSize: number;
    to?: string | undefined;
    status?: MailStatus | undefined;
  },
) {
  const db = ctx.database.db;
  const filters: SQL[] = [];
  if (query.to) filters.push(ilike(mailOutbox.to, `%${escapeLike(query.to)}%`));
  if (query.status) filters.push(eq(mailOutbox.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total], [waiting]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'stored'),
          ne(mailOutbox.text, ''),
          isNotNull(mailOutbox.actionUrl),
        ),
      ),
  ]);
  return {
    delivery: ctx.mailer.delivers,
    waiting: Number(waiting?.n ?? 0),
    entries: rows.map((row) => toEntry(row, ctx.mailer.delivers)),
    total: Number(total?.n ?? 0),
  };
}

/**
 * One email with its body and link while it waits for the administrator (no SMTP_URL, status
 * stored, body kept); the reading is audited. With a mail server nothing of a body is given.
 */
export async function readMail(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  id: string,
): Promise<MailMessageDetail> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', { resource: 'mail' });
    // Only what waits for the administrator to pass on: with a mail server, no body is theirs to
    // read (a pending or failed email's link is its recipient's alone).
    const kept = !ctx.mailer.delivers && row.status === 'stored' && row.text !== '';
    if (kept) {
      await recordAudit(
        tx,
        request,
        actor,
        // Who it was for stays in the mail row (removed with the account); the audit says which.
        {
          action: 'mail.read',
          targetType: 'mail',
          targetId: row.id,
          after: { template: row.template },
        },
        now,
      );
    }
    return {
      ...toEntry(row, ctx.mailer.delivers),
      text: kept ? row.text : null,
      actionUrl: kept ? row.actionUrl : null,
    };
  });
}
