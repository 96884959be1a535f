import { desc, eq, sql } from 'drizzle-orm';
import type { SharePermission, SimulationSharingMode } from '@/contracts/portfolios';
import type { DbOrTx } from '../db/client';
import { accountShares, mailOutbox, portfolios, portfolioSimulations, users } from '../db/schema';
import { hashToken, randomToken } from '../platform/crypto';

/** Test fixtures for portfolio features, written straight to the database (fast, no rate limits). */

export async function insertPortfolio(
  db: DbOrTx,
  userId: string,
  values: { name?: string; isDefault?: boolean; createdAt?: Date } = {},
) {
  const [row] = await db
    .insert(portfolios)
    .values({
      userId,
      name: values.name ?? 'Fixture portfolio',
      isDefault: values.isDefault ?? false,
      ...(values.createdAt ? { createdAt: values.createdAt, updatedAt: values.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

export async function insertSimulation(
  db: DbOrTx,
  portfolioId: string,
  userId: string,
  name = 'Fixture simulation',
) {
  const [row] = await db
    .insert(portfolioSimulations)
    .values({ portfolioId, userId, name, initialCash: '100000' })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** A share; accepted (with the invitee's account) unless a status is given. Returns its token too. */
export async function insertShare(
  db: DbOrTx,
  input: {
    portfolioId: string;
    ownerUserId: string;
    email: string;
    permissionLevel: SharePermission;
    status?: 'pending' | 'accepted' | 'rejected' | 'revoked';
    mode?: SimulationSharingMode;
    simulationIds?: string[];
    expiresAt?: Date;
  },
) {
  const token = randomToken();
  const status = input.status ?? 'accepted';
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  const [row] = await db
    .insert(accountShares)
    .values({
      portfolioId: input.portfolioId,
      ownerUserId: input.ownerUserId,
      sharedWithEmail: input.email,
      sharedWithUserId: status === 'accepted' ? (account?.id ?? null) : null,
      permissionLevel: input.permissionLevel,
      invitationTokenHash: hashToken(token),
      status,
      acceptedAt: status === 'accepted' ? new Date() : null,
      expiresAt: input.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
      simulationSharingMode: input.mode ?? 'all',
      sharedSimulationIds: input.simulationIds ?? [],
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return { share: row, token };
}

/** The invitation token in the latest email sent to `to`. */
export async function invitationTokenFor(db: DbOrTx, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = mail?.text.match(/accept-invitation\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation email to ${to}`);
  return match[1];
}

/** Every table with a portfolio_id column (the schema's, and any a test added). */
export async function tablesWithPortfolioId(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.columns
        where column_name = 'portfolio_id' and table_schema = current_schema() order by table_name`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    table_name: string;
  }[];
  return rows.map((row) => row.table_name);
}

/** Rows of `table` whose portfolio_id is `portfolioId`. */
export async function rowsInPortfolio(db: DbOrTx, table: string, portfolioId: string) {
  const result = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where portfolio_id = ${portfolioId}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    n: number | string;
  }[];
  return Number(rows[0]?.n ?? 0);
}
