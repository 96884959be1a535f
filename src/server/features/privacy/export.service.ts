import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { WriteStream } from 'node:fs';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Zip, ZipDeflate } from 'fflate';
import {
  PRIVACY_EXPORT_LIFETIME_HOURS,
  type PrivacyExport,
  type PrivacyExportStatus,
} from '@/contracts/privacy';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  accountDeletions,
  accountShares,
  adminAuditLog,
  apiKeys,
  apiKeyUses,
  holdings,
  holdingValuations,
  lotAllocations,
  mfaFactors,
  notificationDeliveries,
  notifications,
  pushSubscriptions,
  notificationSettings,
  portfolios,
  portfolioSimulations,
  goals,
  privacyExports,
  projectionScenarios,
  profiles,
  savingsAlerts,
  savingsInterestRates,
  savingsTransactions,
  sessions,
  subscriptions,
  taxCalculations,
  themeSettings,
  transactionAuditTrail,
  transactionLots,
  transactions,
  userConsentHistory,
  userPreferences,
  userPrivacyConsents,
  users,
  userSettings,
} from '../../db/schema';
import { HOUR } from '../../platform/clock';
import { CSV_BOM, csvLine } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications';

/**
 * "Download your data" (issue 17): everything Cairn holds about a user as a ZIP of JSON and CSV
 * files, built by the job queue (`privacy-export` jobs) and kept 24 hours for its owner.
 *
 * The build never holds the database or the event loop for long: each file is read in pages of
 * PAGE_ROWS rows (by primary key, so a row changed meanwhile is neither skipped nor repeated),
 * the event loop is given back between pages, and the ZIP is streamed to storage as it grows
 * (fflate's streaming Zip), never held whole in memory. Progress is written to the row as pages
 * are read. Secrets and their hashes are never read (SECRET_COLUMNS): password, session and
 * invitation token hashes, API key hashes, authenticator secrets.
 */

export const EXPORT_JOB = 'privacy-export';
export const PAGE_ROWS = 1_000;
const LIFETIME_MS = PRIVACY_EXPORT_LIFETIME_HOURS * HOUR;
/** A queued or running export older than this is failed by housekeeping (its job was lost). */
const STALE_MS = 6 * HOUR;

/** Columns never exported, whatever the table. */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'passwordHash',
  'tokenHash',
  'previousTokenHash',
  'secretHash',
  'secretCiphertext',
  'lastUsedStep',
  'codeHash',
  'invitationTokenHash',
  'fileKey',
  // A browser's push keys: what encrypts the pushes sent to it.
  'p256dh',
  'auth',
]);

type Source = {
  /** The file's name in the ZIP. */
  file: string;
  format: 'json' | 'csv';
  table: PgTable;
  where: (userId: string) => SQL | undefined;
  /** The primary key to page on (in order). */
  key: PgColumn[];
};

const ofUser = (column: PgColumn) => (userId: string) => eq(column, userId);
const ownHoldings = (userId: string) =>
  sql`(select ${holdings.id} from ${holdings} where ${holdings.userId} = ${userId})`;

/** Every file of the export, in the order they are written. */
export const EXPORT_SOURCES: Source[] = [
  { file: 'account.json', format: 'json', table: users, where: ofUser(users.id), key: [users.id] },
  {
    file: 'profile.json',
    format: 'json',
    table: profiles,
    where: ofUser(profiles.userId),
    key: [profiles.id],
  },
  {
    file: 'settings/settings.json',
    format: 'json',
    table: userSettings,
    where: ofUser(userSettings.userId),
    key: [userSettings.userId],
  },
  {
    file: 'settings/preferences.json',
    format: 'json',
    table: userPreferences,
    where: ofUser(userPreferences.userId),
    key: [userPreferences.userId],
  },
  {
    file: 'settings/notifications.json',
    format: 'json',
    table: notificationSettings,
    where: ofUser(notificationSettings.userId),
    key: [notificationSettings.userId],
  },
  {
    file: 'settings/theme.json',
    format: 'json',
    table: themeSettings,
    where: ofUser(themeSettings.userId),
    key: [themeSettings.userId],
  },
  {
    file: 'settings/privacy-consent.json',
    format: 'json',
    table: userPrivacyConsents,
    where: ofUser(userPrivacyConsents.userId),
    key: [userPrivacyConsents.userId],
  },
  {
    file: 'subscription.json',
    format: 'json',
    table: subscriptions,
    where: ofUser(subscriptions.userId),
    key: [subscriptions.userId],
  },
  {
    file: 'portfolios.json',
    format: 'json',
    table: portfolios,
    where: ofUser(portfolios.userId),
    key: [portfolios.id],
  },
  {
    file: 'simulations.json',
    format: 'json',
    table: portfolioSimulations,
    where: ofUser(portfolioSimulations.userId),
    key: [portfolioSimulations.id],
  },
  {
    file: 'portfolio-shares.json',
    format: 'json',
    table: accountShares,
    where: (userId) =>
      or(eq(accountShares.ownerUserId, userId), eq(accountShares.sharedWithUserId, userId)),
    key: [accountShares.id],
  },
  {
    file: 'holdings.csv',
    format: 'csv',
    table: holdings,
    where: ofUser(holdings.userId),
    key: [holdings.id],
  },
  {
    file: 'holding-valuations.csv',
    format: 'csv',
    table: holdingValuations,
    where: ofUser(holdingValuations.userId),
    key: [holdingValuations.id],
  },
  {
    file: 'transactions.csv',
    format: 'csv',
    table: transactions,
    where: ofUser(transactions.userId),
    key: [transactions.id],
  },
  {
    file: 'lots.csv',
    format: 'csv',
    table: transactionLots,
    where: ofUser(transactionLots.userId),
    key: [transactionLots.id],
  },
  {
    file: 'lot-allocations.csv',
    format: 'csv',
    table: lotAllocations,
    where: (userId) =>
      inArray(
        lotAllocations.sellTransactionId,
        sql`(select ${transactions.id} from ${transactions} where ${transactions.userId} = ${userId})`,
      ),
    key: [lotAllocations.sellTransactionId, lotAllocations.lotId],
  },
  {
    file: 'tax.csv',
    format: 'csv',
    table: taxCalculations,
    where: ofUser(taxCalculations.userId),
    key: [taxCalculations.id],
  },
  {
    file: 'transaction-history.csv',
    format: 'csv',
    table: transactionAuditTrail,
    where: ofUser(transactionAuditTrail.userId),
    key: [transactionAuditTrail.id],
  },
  {
    file: 'savings-movements.csv',
    format: 'csv',
    table: savingsTransactions,
    where: ofUser(savingsTransactions.userId),
    key: [savingsTransactions.id],
  },
  {
    file: 'savings-rates.csv',
    format: 'csv',
    table: savingsInterestRates,
    where: (userId) => inArray(savingsInterestRates.holdingId, ownHoldings(userId)),
    key: [savingsInterestRates.id],
  },
  {
    file: 'savings-alerts.csv',
    format: 'csv',
    table: savingsAlerts,
    where: (userId) => inArray(savingsAlerts.holdingId, ownHoldings(userId)),
    key: [savingsAlerts.id],
  },
  {
    file: 'notifications.csv',
    format: 'csv',
    table: notifications,
    where: ofUser(notifications.userId),
    key: [notifications.id],
  },
  {
    file: 'notification-deliveries.csv',
    format: 'csv',
    table: notificationDeliveries,
    where: ofUser(notificationDeliveries.userId),
    key: [notificationDeliveries.id],
  },
  {
    file: 'push-subscriptions.json',
    format: 'json',
    table: pushSubscriptions,
    where: ofUser(pushSubscriptions.userId),
    key: [pushSubscriptions.id],
  },
  {
    file: 'consent-history.csv',
    format: 'csv',
    table: userConsentHistory,
    where: ofUser(userConsentHistory.userId),
    key: [userConsentHistory.id],
  },
  {
    file: 'sessions.csv',
    format: 'csv',
    table: sessions,
    where: ofUser(sessions.userId),
    key: [sessions.id],
  },
  {
    file: 'audit-log.csv',
    format: 'csv',
    table: adminAuditLog,
    where: (userId) => or(eq(adminAuditLog.actorId, userId), eq(adminAuditLog.targetId, userId)),
    key: [adminAuditLog.id],
  },
  {
    file: 'api-keys.json',
    format: 'json',
    table: apiKeys,
    where: ofUser(apiKeys.userId),
    key: [apiKeys.id],
  },
  {
    file: 'api-key-uses.csv',
    format: 'csv',
    table: apiKeyUses,
    where: (userId) =>
      inArray(
        apiKeyUses.keyId,
        sql`(select ${apiKeys.id} from ${apiKeys} where ${apiKeys.userId} = ${userId})`,
      ),
    key: [apiKeyUses.id],
  },
  {
    file: 'two-factor-methods.json',
    format: 'json',
    table: mfaFactors,
    where: ofUser(mfaFactors.userId),
    key: [mfaFactors.id],
  },
  {
    file: 'account-deletion.json',
    format: 'json',
    table: accountDeletions,
    where: ofUser(accountDeletions.userId),
    key: [accountDeletions.userId],
  },
  {
    file: 'data-exports.json',
    format: 'json',
    table: privacyExports,
    where: ofUser(privacyExports.userId),
    key: [privacyExports.id],
  },
  {
    file: 'goals.json',
    format: 'json',
    table: goals,
    where: ofUser(goals.userId),
    key: [goals.id],
  },
  {
    file: 'projection-scenarios.json',
    format: 'json',
    table: projectionScenarios,
    where: ofUser(projectionScenarios.userId),
    key: [projectionScenarios.id],
  },
];

const README = `Your data from Cairn
====================

This archive holds everything Cairn keeps about your account, as JSON and CSV files (UTF-8;
CSV files open in any spreadsheet). Dates are in UTC (ISO 8601); amounts are exact decimals.

account.json, profile.json      your sign-in identity and profile (never your password)
settings/                        your settings, preferences and cookie choice
subscription.json                your plan
portfolios.json, simulations.json, portfolio-shares.json
holdings.csv, holding-valuations.csv, transactions.csv, lots.csv, lot-allocations.csv, tax.csv,
transaction-history.csv, savings-movements.csv, savings-rates.csv, savings-alerts.csv
notifications.csv, notification-deliveries.csv (emails and pushes sent or waiting)
push-subscriptions.json          browsers receiving your pushes (never their keys)
consent-history.csv
sessions.csv                     your signed-in devices (never their tokens)
audit-log.csv                    administrator actions by you or on your account
api-keys.json, api-key-uses.csv  your API keys (never their secrets) and their use
two-factor-methods.json          your authenticators (never their secrets)
account-deletion.json, data-exports.json
goals.json                       the goals you created
projection-scenarios.json        the wealth projection scenarios you saved
`;

/** A value as text for CSV: dates in ISO 8601, lists and objects as JSON, nothing as empty. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The columns of a table that may be exported (no secret, no hash). */
export function exportedColumns(table: PgTable): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
      ([name]) => !SECRET_COLUMNS.has(name),
    ),
  );
}

type Row = Record<string, unknown>;

/** One page of a source's rows, after `after` (the last row of the previous page). */
async function readPage(db: DbOrTx, source: Source, userId: string, after: Row | null) {
  const columns = exportedColumns(source.table);
  const keyNames = source.key.map(
    (column) => Object.entries(columns).find(([, c]) => c === column)?.[0] ?? column.name,
  );
  let where = source.where(userId);
  if (after) {
    // Row-value comparison on the primary key: (a, b) > (x, y).
    const left = sql.join(source.key, sql`, `);
    const right = sql.join(
      keyNames.map(
        (name, i) => sql`${after[name]}::${sql.raw(source.key[i]?.getSQLType() ?? 'text')}`,
      ),
      sql`, `,
    );
    where = and(where, sql`(${left}) > (${right})`);
  }
  const query = db
    .select(columns)
    .from(source.table as PgTable)
    .where(where)
    .orderBy(...source.key.map((column) => asc(column)))
    .limit(PAGE_ROWS);
  return (await query) as Row[];
}

async function countRows(db: DbOrTx, source: Source, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(source.table as PgTable)
    .where(source.where(userId));
  return Number(row?.n ?? 0);
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes ZIP bytes to the file, waiting for the disk when its buffer is full. */
class ZipToFile {
  private readonly zip: Zip;
  private error: Error | null = null;

  constructor(private readonly out: WriteStream) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.error = error;
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
  }

  file(name: string) {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    const encoder = new TextEncoder();
    return {
      push: async (text: string, last = false) => {
        entry.push(encoder.encode(text), last);
        if (this.error) throw this.error;
        if (this.out.writableNeedDrain) await once(this.out, 'drain');
      },
    };
  }

  async end() {
    this.zip.end();
    if (this.error) throw this.error;
    await finished(this.out);
  }
}

/** The file key of an export's ZIP (a private folder: never served at /uploads/). */
const fileKeyOf = (exportId: string) => `exports/${exportId}.zip`;

type ExportRow = typeof privacyExports.$inferSelect;

export function toPrivacyExport(row: ExportRow): PrivacyExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    downloadUrl: ready ? `/api/v1/privacy/export/${row.id}/download` : null,
    expiresAt: ready ? (row.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: ready ? row.sizeBytes : null,
    error: row.error,
  };
}

const IN_PROGRESS: PrivacyExportStatus[] = ['queued', 'running'];

/**
 * Asks for an export: a new one is queued, unless one is already queued or running for this
 * user, whose id is answered instead (one at a time per user; docs/decisions.md).
 */
export async function requestExport(ctx: ServerContext, userId: string) {
  const now = ctx.clock.now();
  const { id, created } = await ctx.database.db.transaction(async (tx) => {
    // One request at a time per user: the second waits here and then sees the first's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`privacy-export:${userId}`}))`);
    const [running] = await tx
      .select({ id: privacyExports.id })
      .from(privacyExports)
      .where(and(eq(privacyExports.userId, userId), inArray(privacyExports.status, IN_PROGRESS)))
      .limit(1);
    if (running) return { id: running.id, created: false };
    const [row] = await tx
      .insert(privacyExports)
      .values({ userId, createdAt: now })
      .returning({ id: privacyExports.id });
    if (!row) throw new Error('export insert returned nothing');
    return { id: row.id, created: true };
  });
  if (created) {
    try {
      await ctx.scheduler.send(EXPORT_JOB, { exportId: id });
    } catch (error) {
      await ctx.database.db
        .update(privacyExports)
        .set({ status: 'failed', error: 'EXPORT_NOT_QUEUED', finishedAt: now })
        .where(eq(privacyExports.id, id));
      throw error;
    }
  }
  return { id, created };
}

/**
 * One of the caller's exports; another user's, an unknown id or an expired one (gone for its
 * owner, as for the download, before housekeeping removes it) is 404.
 */
export async function exportOf(ctx: ServerContext, userId: string, exportId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(privacyExports)
    .where(and(eq(privacyExports.id, exportId), eq(privacyExports.userId, userId)))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= ctx.clock.now())) {
    throw new AppError('NOT_FOUND', { resource: 'export' });
  }
  return row;
}

/** The caller's latest export that still exists (an expired one is gone). */
export async function latestExport(ctx: ServerContext, userId: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.database.db
    .select()
    .from(privacyExports)
    .where(eq(privacyExports.userId, userId))
    .orderBy(desc(privacyExports.createdAt))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
  return row;
}

/** The ZIP of a ready, unexpired export of the caller; anything else is 404. */
export async function downloadOf(ctx: ServerContext, userId: string, exportId: string) {
  const row = await exportOf(ctx, userId, exportId);
  if (row.status !== 'ready' || !row.fileKey || !(await ctx.storage.has(row.fileKey)))
    throw new AppError('NOT_FOUND', { resource: 'export' });
  return {
    stream: ctx.storage.openRead(row.fileKey),
    size: row.sizeBytes,
    fileName: `cairn-data-${row.createdAt.toISOString().slice(0, 10)}.zip`,
  };
}

async function setProgress(ctx: ServerContext, exportId: string, progress: number) {
  await ctx.database.db
    .update(privacyExports)
    .set({ progress })
    .where(and(eq(privacyExports.id, exportId), eq(privacyExports.status, 'running')));
}

/**
 * The `privacy-export` job: builds the ZIP of one export. Safe to run again (a retry after a
 * crash starts over); an export already finished, or gone with its user, is left alone.
 */
export async function buildExport(
  ctx: ServerContext,
  exportId: string,
  attempt: { lastTry: boolean } = { lastTry: true },
) {
  const [claimed] = await ctx.database.db
    .update(privacyExports)
    .set({ status: 'running', progress: 0, error: null })
    .where(and(eq(privacyExports.id, exportId), inArray(privacyExports.status, IN_PROGRESS)))
    .returning();
  if (!claimed) return;
  const userId = claimed.userId;
  const fileKey = fileKeyOf(exportId);
  try {
    const db = ctx.database.db;
    const totals: number[] = [];
    for (const source of EXPORT_SOURCES) totals.push(await countRows(db, source, userId));
    // Each file counts one more than its rows, so empty files move the bar too.
    const total = totals.reduce((sum, n) => sum + n + 1, 0);
    let done = 0;
    let shown = 0;

    const zip = new ZipToFile(await ctx.storage.openWrite(fileKey));
    await zip.file('README.txt').push(README, true);
    for (const source of EXPORT_SOURCES) {
      const file = zip.file(source.file);
      let after: Row | null = null;
      let first = true;
      if (source.format === 'json') await file.push('[');
      for (;;) {
        const rows = await readPage(db, source, userId, after);
        let text = '';
        if (source.format === 'csv') {
          if (first) {
            text += CSV_BOM + csvLine(Object.keys(exportedColumns(source.table)));
          }
          for (const row of rows) text += csvLine(Object.values(row).map(cellOf));
        } else {
          text += rows
            .map(
              (row, i) =>
                `${first && i === 0 ? '' : ','}\n  ${JSON.stringify(row, (_key, value: unknown) => jsonValue(value))}`,
            )
            .join('');
        }
        const last = rows.length < PAGE_ROWS;
        if (source.format === 'json' && last) text += '\n]\n';
        await file.push(text, last);
        first = false;
        done += rows.length;
        after = rows.at(-1) ?? after;
        const progress = Math.min(99, Math.floor((done * 100) / total));
        if (progress > shown) {
          shown = progress;
          await setProgress(ctx, exportId, progress);
        }
        await yieldToOthers();
        if (last) break;
      }
      done += 1;
    }
    await zip.end();

    const sizeBytes = await ctx.storage.sizeOf(fileKey);
    const now = ctx.clock.now();
    await ctx.database.db.transaction(async (tx) => {
      const [ready] = await tx
        .update(privacyExports)
        .set({
          status: 'ready',
          progress: 100,
          fileKey,
          sizeBytes,
          finishedAt: now,
          expiresAt: new Date(now.getTime() + LIFETIME_MS),
        })
        .where(and(eq(privacyExports.id, exportId), eq(privacyExports.status, 'running')))
        .returning({ id: privacyExports.id });
      if (!ready) return;
      await notify(
        ctx,
        {
          userId,
          type: 'success',
          key: 'dataExportReady',
          params: { hours: PRIVACY_EXPORT_LIFETIME_HOURS },
          metadata: { path: '/settings/privacy', exportId },
        },
        tx,
      );
    });
  } catch (error) {
    await ctx.storage.remove(fileKey).catch(() => undefined);
    const now = ctx.clock.now();
    if (attempt.lastTry) {
      await ctx.database.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(privacyExports)
          .set({ status: 'failed', error: 'EXPORT_FAILED', finishedAt: now })
          .where(eq(privacyExports.id, exportId))
          .returning({ id: privacyExports.id });
        if (failed) {
          await notify(
            ctx,
            {
              userId,
              type: 'error',
              key: 'dataExportFailed',
              metadata: { path: '/settings/privacy', exportId },
            },
            tx,
          );
        }
      });
    } else {
      await ctx.database.db
        .update(privacyExports)
        .set({ status: 'queued', progress: 0 })
        .where(eq(privacyExports.id, exportId));
    }
    throw error;
  }
}

/**
 * Housekeeping: ready exports past their expiry lose their file and their row; finished ones
 * (failed) go after the same time; one queued or running for hours lost its job and is failed.
 */
export async function purgeExpiredExports(ctx: ServerContext, now: Date) {
  const db = ctx.database.db;
  const expired = await db
    .select({ id: privacyExports.id, fileKey: privacyExports.fileKey })
    .from(privacyExports)
    .where(
      or(
        lte(privacyExports.expiresAt, now),
        and(
          eq(privacyExports.status, 'failed'),
          lte(privacyExports.finishedAt, new Date(now.getTime() - LIFETIME_MS)),
        ),
      ),
    );
  for (const row of expired) {
    if (row.fileKey) await ctx.storage.remove(row.fileKey);
  }
  if (expired.length > 0) {
    await db.delete(privacyExports).where(
      inArray(
        privacyExports.id,
        expired.map((row) => row.id),
      ),
    );
  }
  await db
    .update(privacyExports)
    .set({ status: 'failed', error: 'EXPORT_TIMED_OUT', finishedAt: now })
    .where(
      and(
        inArray(privacyExports.status, IN_PROGRESS),
        lte(privacyExports.createdAt, new Date(now.getTime() - STALE_MS)),
      ),
    );
  return expired.length;
}
