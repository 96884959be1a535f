import { eq, inArray } from 'drizzle-orm';
import type { PermissionLevel, Person, Portfolio, Share, Simulation } from '@/contracts/portfolios';
import type { Currency } from '@/contracts/settings';
import { simulationCashBalances } from './simulation-cash';
import type { DbOrTx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import type { PortfolioRow, ShareRow, SimulationRow } from './portfolio-access';

/** "jane.doe@example.com" -> "jane.doe". */
export function emailLocalPart(email: string) {
  return email.split('@')[0] || email;
}

/** A person as others see them: the profile's full name, else the email's local part. */
export function toPerson(row: { id: string; email: string; fullName: string | null }): Person {
  return {
    id: row.id,
    email: row.email,
    displayName: row.fullName?.trim() || emailLocalPart(row.email),
  };
}

/** The people with these ids, by id. */
export async function loadPeople(db: DbOrTx, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, toPerson(row)]));
}

/** A simulation's cash and its currency (the portfolio's base currency). */
export type SimulationCash = { cash: string; currency: Currency };

export function toSimulation(
  row: SimulationRow,
  permissionLevel: PermissionLevel,
  cash: SimulationCash,
): Simulation {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    userId: row.userId,
    name: row.name,
    description: row.description,
    initialCash: normalizeDecimal(row.initialCash),
    cash: cash.cash,
    cashCurrency: cash.currency,
    backgroundTheme: row.backgroundTheme,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissionLevel,
  };
}

export function toPortfolio(
  row: PortfolioRow,
  level: PermissionLevel,
  owner: Person | null,
  simulations: SimulationRow[],
  cashOf: (simulationId: string) => string,
): Portfolio {
  const isOwner = level === 'owner';
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    // A portfolio shared with the caller is never their default.
    isDefault: isOwner && row.isDefault,
    baseCurrency: row.baseCurrency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isOwner,
    permissionLevel: level,
    owner: isOwner ? null : owner,
    simulations: simulations.map((simulation) =>
      toSimulation(simulation, level, {
        cash: cashOf(simulation.id),
        currency: row.baseCurrency,
      }),
    ),
  };
}

export function toShare(row: ShareRow): Share {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    ownerUserId: row.ownerUserId,
    sharedWithUserId: row.sharedWithUserId,
    sharedWithEmail: row.sharedWithEmail,
    permissionLevel: row.permissionLevel,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    simulationSharingMode: row.simulationSharingMode,
    sharedSimulationIds: row.sharedSimulationIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "100000.00" -> "100000": numeric columns come back padded to their scale. */
export function normalizeDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The cash of these simulations as fixed-point strings ("99256.11"), by id. */
export async function loadCash(
  db: DbOrTx,
  simulations: readonly SimulationRow[],
): Promise<(simulationId: string) => string> {
  const balances = await simulationCashBalances(db, simulations);
  return (id) => balances.get(id)?.toFixed(2) ?? '0.00';
}
