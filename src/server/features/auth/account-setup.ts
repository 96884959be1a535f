import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_PORTFOLIO_BY_LANGUAGE } from '@/contracts/portfolios';
import { type Currency, DEFAULT_PREFERENCES } from '@/contracts/settings';
import type { Tier } from '@/domain/plans/plans';
import type { DbOrTx } from '../../db/client';
import {
  notificationSettings,
  portfolios,
  subscriptions,
  themeSettings,
  userPreferences,
  userSettings,
} from '../../db/schema';

/**
 * What every account has from its first moment: the four settings rows, the free plan and a default portfolio.
 * Registration creates them in its transaction; GET /settings and GET /portfolios create what is
 * missing (accounts made before these tables existed, or by other paths), idempotently.
 */

/** Advisory-lock namespace for "this owner's portfolios" (default flag, last-portfolio rule). */
const OWNER_PORTFOLIOS_LOCK = 727_274_010;

/**
 * Serialises, until the transaction ends, every change to which of a user's portfolios exist or
 * is the default: two such changes at once cannot both see "no default" or "two left".
 */
export async function lockOwnerPortfolios(tx: DbOrTx, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${OWNER_PORTFOLIOS_LOCK}, hashtext(${userId}))`,
  );
}

/** The four settings rows and the plan, with their defaults; rows that exist are left as they are. */
export async function ensureSettingsRows(
  db: DbOrTx,
  userId: string,
  options: { displayName?: string | null; now?: Date; tier?: Tier } = {},
) {
  const times = options.now ? { createdAt: options.now, updatedAt: options.now } : {};
  await db
    .insert(userSettings)
    .values({ userId, displayName: options.displayName ?? null, ...times })
    .onConflictDoNothing();
  await db
    .insert(userPreferences)
    .values({ userId, ...times })
    .onConflictDoNothing();
  await db
    .insert(notificationSettings)
    .values({ userId, ...times })
    .onConflictDoNothing();
  await db
    .insert(themeSettings)
    .values({ userId, ...times })
    .onConflictDoNothing();
  // The plan: free until changed (spec 002, section 3), or DEFAULT_PLAN's, so nobody waits for
  // it to appear.
  await db
    .insert(subscriptions)
    .values({ userId, tier: options.tier ?? 'free', ...times })
    .onConflictDoNothing();
}

/** The currency the user prefers (settings, preferences); EUR when they have no row yet. */
export async function preferredCurrency(db: DbOrTx, userId: string): Promise<Currency> {
  const [row] = await db
    .select({ currency: userPreferences.currency })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return (row?.currency as Currency | undefined) ?? DEFAULT_PREFERENCES.currency;
}

/**
 * Creates the 'My Portfolio' default ('Mon portefeuille' in French) when the user owns no portfolio (portfolios shared with
 * them do not count), in the owner's preferred currency. Takes the owner lock, so two first visits at once create one. Returns
 * true when it created one.
 */
export async function ensureDefaultPortfolio(
  tx: DbOrTx,
  userId: string,
  now: Date,
  language: keyof typeof DEFAULT_PORTFOLIO_BY_LANGUAGE = 'en',
) {
  const names = DEFAULT_PORTFOLIO_BY_LANGUAGE[language];
  await lockOwnerPortfolios(tx, userId);
  const [owned] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .limit(1);
  if (owned) return false;
  await tx
    .insert(portfolios)
    .values({
      userId,
      name: names.name,
      description: names.description,
      isDefault: true,
      // In the owner's preferred currency (settings), like every portfolio they create.
      baseCurrency: await preferredCurrency(tx, userId),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/** Makes the oldest of the user's portfolios the default when none is (after a deletion). */
export async function repairDefaultPortfolio(tx: DbOrTx, userId: string, now: Date) {
  const [current] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.isDefault, true)))
    .limit(1);
  if (current) return null;
  const [oldest] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id))
    .limit(1);
  if (!oldest) return null;
  await tx
    .update(portfolios)
    .set({ isDefault: true, updatedAt: now })
    .where(eq(portfolios.id, oldest.id));
  return oldest.id;
}

/** Everything a new account starts with, in the registration transaction. */
export async function createAccountDefaults(
  tx: DbOrTx,
  userId: string,
  options: { displayName: string | null; now: Date; language?: 'en' | 'fr'; tier?: Tier },
) {
  await ensureSettingsRows(tx, userId, options);
  await ensureDefaultPortfolio(tx, userId, options.now, options.language);
}
