import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AllocationSlice, DashboardResponse, PerformanceRange } from '@/contracts/valuation';
import { CURRENCIES, type Currency } from '@/contracts/settings';
import { type Decimal, dec, roundMoney, toPlain } from '@/domain/money/decimal';
import {
  chartSeries,
  type DailyArrays,
  monthEndReturns,
  type MoneyFigures,
  rangePerformance,
  rangeStartDay,
  toDay,
} from '@/domain/valuation';
import type { ServerContext } from '../../context';
import {
  accountShares,
  holdings,
  instruments,
  portfolios,
  portfolioSimulations,
  profiles,
  transactions,
  userPreferences,
  users,
} from '../../db/schema';
import { type Actor, requireScope, type Scope } from '../ledger';
import { AppError } from '../../platform/errors';
import { cashLineId } from './valuation.task';
import { type Computed, figuresOf, todayOf, valueView } from './valuation.service';
import { userKey } from '../session';
import { portfolioKey } from '../portfolios';
import { MARKET_KEY } from '../market-data';

/** Savings maturities this close are listed on the dashboard. */
const MATURITY_WINDOW_DAYS = 90;
const TOP_MOVERS = 5;
const RECENT_TRANSACTIONS = 10;
const UNKNOWN = 'unknown';
/** A simulation's cash in the allocation (class, sector and country alike). */
const CASH = 'cash';

const MONEY_KEYS = [
  'value',
  'previousValue',
  'dayChange',
  'costBasis',
  'unrealisedGain',
  'realisedGain',
  'dividends',
  'interest',
  'fees',
  'taxes',
  'currencyEffect',
  'netContributions',
  'revaluation',
] as const satisfies readonly (keyof MoneyFigures)[];

function addMoney(figures: MoneyFigures[]): MoneyFigures {
  const total = {} as Record<(typeof MONEY_KEYS)[number], string>;
  for (const key of MONEY_KEYS) {
    total[key] = toPlain(figures.reduce((sum, f) => sum.plus(dec(f[key])), dec(0)));
  }
  return total;
}

/** The daily arrays of several views added day by day (their first days may differ). */
export function addDaily(dailies: DailyArrays[], asOfDay: number): DailyArrays | null {
  const present = dailies.filter((daily) => daily.value.length > 0);
  if (!present.length) return null;
  const firstDay = Math.min(...present.map((daily) => daily.firstDay));
  const length = asOfDay - firstDay + 1;
  const sum = {
    firstDay,
    value: new Float64Array(length),
    inflow: new Float64Array(length),
    outflow: new Float64Array(length),
  };
  for (const daily of present) {
    const offset = daily.firstDay - firstDay;
    const count = Math.min(daily.value.length, length - offset);
    for (let i = 0; i < count; i += 1) {
      const at = offset + i;
      sum.value[at] = (sum.value[at] as number) + (daily.value[i] as number);
      sum.inflow[at] = (sum.inflow[at] as number) + (daily.inflow[i] as number);
      sum.outflow[at] = (sum.outflow[at] as number) + (daily.outflow[i] as number);
    }
    // A view whose days stop early keeps its last value afterwards.
    const last = daily.value[count - 1] ?? 0;
    for (let i = offset + count; i < length; i += 1) sum.value[i] = (sum.value[i] as number) + last;
  }
  return sum;
}

/** Slices of a whole in `currency`: amounts rounded to its minor unit, weights exact. */
function slices(totals: Map<string, Decimal>, whole: Decimal, currency: string): AllocationSlice[] {
  return [...totals]
    .filter(([, value]) => !value.isZero())
    .sort((a, b) => b[1].comparedTo(a[1]))
    .map(([key, value]) => ({
      key,
      value: roundMoney(value, currency),
      weight: whole.isZero() ? 0 : value.div(whole).toNumber(),
    }));
}

type Valued = { row: { id: string; name: string; baseCurrency: Currency }; computed: Computed };

/** The user's own portfolios (real views) and those shared with them, valued in `currency`. */
async function valueOwnAndShared(
  ctx: ServerContext,
  actor: Actor,
  currency: Currency,
  range: PerformanceRange,
  deps: Set<string>,
) {
  const db = ctx.database.db;
  const own = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, actor.userId))
    .orderBy(desc(portfolios.isDefault), portfolios.createdAt);
  const shared = await db
    .select({
      portfolio: portfolios,
      permission: accountShares.permissionLevel,
      ownerEmail: users.email,
      ownerName: profiles.fullName,
    })
    .from(accountShares)
    .innerJoin(portfolios, eq(portfolios.id, accountShares.portfolioId))
    .innerJoin(users, eq(users.id, portfolios.userId))
    .leftJoin(profiles, eq(profiles.userId, portfolios.userId))
    .where(
      and(eq(accountShares.sharedWithUserId, actor.userId), eq(accountShares.status, 'accepted')),
    )
    .orderBy(portfolios.name);

  const valued: Valued[] = [];
  for (const row of own) {
    const scope: Scope = {
      access: { level: 'owner', portfolio: row, share: null },
      portfolioId: row.id,
      simulationId: null,
    };
    valued.push({ row, computed: await valueView(ctx, scope, currency, range) });
  }
  const sharedSeen = new Set<string>();
  const sharedValued: DashboardResponse['sharedPortfolios'] = [];
  for (const entry of shared) {
    if (sharedSeen.has(entry.portfolio.id)) continue;
    sharedSeen.add(entry.portfolio.id);
    deps.add(portfolioKey(entry.portfolio.id));
    deps.add(userKey(entry.portfolio.userId));
    const scope: Scope = {
      access: { level: entry.permission, portfolio: entry.portfolio, share: null },
      portfolioId: entry.portfolio.id,
      simulationId: null,
    };
    const computed = await valueView(ctx, scope, currency, range);
    sharedValued.push({
      id: entry.portfolio.id,
      name: entry.portfolio.name,
      ownerName: entry.ownerName?.trim() || entry.ownerEmail.split('@')[0] || null,
      permission: entry.permission,
      value: roundMoney(computed.result.figures.value, currency),
    });
  }
  return { valued, sharedValued };
}

/**
 * A simulation the caller can see, with its portfolio's access: 404 SIMULATION_NOT_FOUND for an
 * unknown id and for one in a portfolio they cannot read alike (the answer says nothing of
 * whether it exists).
 */
async function requireSimulationView(ctx: ServerContext, actor: Actor, simulationId: string) {
  const db = ctx.database.db;
  const [simulation] = await db
    .select({ portfolioId: portfolioSimulations.portfolioId })
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.id, simulationId));
  if (!simulation) throw new AppError('SIMULATION_NOT_FOUND');
  try {
    return await requireScope(db, actor.userId, simulation.portfolioId, simulationId, 'view', {
      log: actor.log,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PORTFOLIO_NOT_FOUND') {
      throw new AppError('SIMULATION_NOT_FOUND');
    }
    throw error;
  }
}

/**
 * GET /api/v1/dashboard: the user's net worth over their own portfolios, in their currency; with
 * `simulationId`, the dashboard of that simulation alone (its holdings and its cash), as the app
 * shows it while the simulation is active (docs/decisions.md, 'A simulation shows itself').
 */
export function dashboard(
  ctx: ServerContext,
  actor: Actor,
  range: PerformanceRange,
  simulationId?: string,
): Promise<DashboardResponse> {
  // Kept until the user, a portfolio it shows (or its owner) or the market data changes, and for
  // the day only (platform/read-cache.ts).
  const key = `dashboard:${actor.userId}:${range}:${simulationId ?? ''}:${todayOf(ctx)}`;
  return ctx.reads.read(key, async () => {
    const deps = new Set([userKey(actor.userId), MARKET_KEY]);
    const value = await buildDashboard(ctx, actor, range, simulationId, deps);
    return { value, deps: [...deps] };
  });
}

async function buildDashboard(
  ctx: ServerContext,
  actor: Actor,
  range: PerformanceRange,
  simulationId: string | undefined,
  deps: Set<string>,
): Promise<DashboardResponse> {
  const db = ctx.database.db;
  const asOf = todayOf(ctx);
  const asOfDay = toDay(asOf);
  const [preference] = await db
    .select({ currency: userPreferences.currency })
    .from(userPreferences)
    .where(eq(userPreferences.userId, actor.userId));
  const currency: Currency =
    preference && (CURRENCIES as readonly string[]).includes(preference.currency)
      ? preference.currency
      : 'EUR';

  let ownValued: Valued[];
  let sharedValued: DashboardResponse['sharedPortfolios'] = [];
  let simulation: DashboardResponse['simulation'] = null;
  if (simulationId) {
    const scope = await requireSimulationView(ctx, actor, simulationId);
    const computed = await valueView(ctx, scope, currency, range);
    ownValued = [{ row: scope.access.portfolio, computed }];
    const cashLine = computed.result.holdings.find(
      (holding) => holding.id === cashLineId(simulationId),
    );
    // Without a rate to the dashboard's currency the engine leaves the cash out (unpriced): it
    // is said apart in the simulation's own currency, never relabelled nor dropped silently.
    const unconverted = computed.result.unpriced.some(
      (item) => item.id === cashLineId(simulationId),
    );
    const baseCurrency = scope.access.portfolio.baseCurrency;
    simulation = {
      id: simulationId,
      portfolioId: scope.portfolioId,
      cash: unconverted ? null : roundMoney(cashLine?.figures.value ?? '0', currency),
      baseCash: { amount: roundMoney(computed.cash ?? '0', baseCurrency), currency: baseCurrency },
    };
  } else {
    ({ valued: ownValued, sharedValued } = await valueOwnAndShared(
      ctx,
      actor,
      currency,
      range,
      deps,
    ));
  }
  for (const { row } of ownValued) deps.add(portfolioKey(row.id));

  // Net worth: figures added exactly, returns from the day-by-day sum of the portfolios.
  const money = addMoney(ownValued.map(({ computed }) => computed.result.figures));
  const daily = addDaily(
    ownValued.map(({ computed }) => computed.result.daily),
    asOfDay,
  );
  let series: DashboardResponse['series'] = [];
  let monthlyReturns: number[] = [];
  let performance = ownValued[0]?.computed.result.performance;
  if (daily) {
    const endIndex = asOfDay - daily.firstDay;
    const startIndex = rangeStartDay(range, asOfDay, daily.firstDay) - daily.firstDay;
    const index = new Float64Array(endIndex - startIndex + 2);
    performance = rangePerformance(daily, startIndex, endIndex, index);
    monthlyReturns = monthEndReturns(daily.firstDay, startIndex, endIndex, index);
    series = chartSeries(daily, startIndex, endIndex, index).map((point) => ({
      date: point.date,
      value: point.value.toFixed(2),
      netContributions: point.netContributions.toFixed(2),
      twrIndex: point.twrIndex,
    }));
  }
  const emptyPerformance = {
    start: asOf,
    end: asOf,
    days: 0,
    openingValue: 0,
    twr: 0,
    twrAnnualised: null,
    mwr: null,
    mwrAnnualised: null,
    volatility: null,
    maxDrawdown: 0,
  };
  // Added exactly above, rounded once here (a total may differ by a cent from its rounded parts).
  const netWorth = figuresOf(
    money,
    performance ?? emptyPerformance,
    (daily?.value.length ?? 0) > 1,
    currency,
  );

  // Allocation, movers and what could not be valued, over every holding of the own portfolios.
  const symbols = new Set<string>();
  for (const { computed } of ownValued) {
    for (const meta of computed.meta.values())
      if (meta.symbol) symbols.add(meta.symbol.toUpperCase());
  }
  const instrumentRows = symbols.size
    ? await db
        .select({
          symbol: instruments.symbol,
          sector: instruments.sector,
          country: instruments.country,
        })
        .from(instruments)
        .where(inArray(instruments.symbol, [...symbols]))
    : [];
  const instrumentOf = new Map(instrumentRows.map((row) => [row.symbol, row]));
  const byClass = new Map<string, Decimal>();
  const byCurrency = new Map<string, Decimal>();
  const bySector = new Map<string, Decimal>();
  const byCountry = new Map<string, Decimal>();
  const byPortfolio = new Map<string, Decimal>();
  const add = (map: Map<string, Decimal>, key: string, value: Decimal) =>
    map.set(key, (map.get(key) ?? dec(0)).plus(value));
  const movers: DashboardResponse['topMovers'] = [];
  const unpriced: DashboardResponse['unpriced'] = [];
  for (const { row, computed } of ownValued) {
    if (!simulation) add(byPortfolio, row.name, dec(computed.result.figures.value));
    for (const holding of computed.result.holdings) {
      if (simulation && holding.id === cashLineId(simulation.id)) {
        // A simulation's cash: its own class, in the portfolio's base currency.
        const value = dec(holding.figures.value);
        add(byClass, CASH, value);
        add(byCurrency, holding.currency, value);
        add(bySector, CASH, value);
        add(byCountry, CASH, value);
        continue;
      }
      const meta = computed.meta.get(holding.id);
      if (!meta) continue;
      const value = dec(holding.figures.value);
      const instrument = meta.symbol ? instrumentOf.get(meta.symbol.toUpperCase()) : undefined;
      const detail = (name: string) =>
        typeof meta.details[name] === 'string' && meta.details[name]
          ? (meta.details[name] as string)
          : null;
      add(byClass, meta.class, value);
      add(byCurrency, holding.currency, value);
      add(bySector, detail('sector') ?? instrument?.sector ?? UNKNOWN, value);
      add(byCountry, detail('country') ?? instrument?.country ?? UNKNOWN, value);
      const previous = dec(holding.figures.previousValue);
      const change = dec(holding.figures.dayChange);
      if (!previous.isZero() && !change.isZero()) {
        movers.push({
          holdingId: holding.id,
          portfolioId: row.id,
          name: meta.name,
          symbol: meta.symbol,
          dayChange: roundMoney(holding.figures.dayChange, currency),
          dayChangePercent: change.div(previous).toNumber(),
        });
      }
    }
    for (const item of computed.result.unpriced) {
      // A simulation's cash without a rate to the dashboard's currency is left out, not listed
      // (it is no holding: the banner and the portfolio page show it in the base currency).
      if (simulation && item.id === cashLineId(simulation.id)) continue;
      unpriced.push({
        holdingId: item.id,
        name: computed.meta.get(item.id)?.name ?? item.symbol ?? '',
        reason: item.reason === 'missing-rate' ? 'no_rate' : 'no_price',
      });
    }
  }
  const whole = dec(money.value);
  movers.sort((a, b) => Math.abs(b.dayChangePercent) - Math.abs(a.dayChangePercent));

  const ownIds = ownValued.map(({ row }) => row.id);
  const recent = ownIds.length
    ? await db
        .select({
          id: transactions.id,
          portfolioId: transactions.portfolioId,
          holdingId: transactions.holdingId,
          holdingName: holdings.name,
          type: transactions.transactionType,
          tradeDate: transactions.tradeDate,
          quantity: transactions.quantity,
          price: transactions.price,
          currency: transactions.currency,
        })
        .from(transactions)
        .innerJoin(holdings, eq(holdings.id, transactions.holdingId))
        .where(
          and(
            inArray(transactions.portfolioId, ownIds),
            simulation
              ? eq(transactions.simulationId, simulation.id)
              : isNull(transactions.simulationId),
          ),
        )
        .orderBy(desc(transactions.tradeDate), desc(transactions.createdAt), desc(transactions.id))
        .limit(RECENT_TRANSACTIONS)
    : [];

  const horizon = new Date(Date.parse(`${asOf}T00:00:00Z`) + MATURITY_WINDOW_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const maturities: DashboardResponse['upcomingMaturities'] = [];
  for (const { row, computed } of ownValued) {
    for (const meta of computed.meta.values()) {
      const maturity = meta.details.maturityDate;
      if (meta.class !== 'savings' || typeof maturity !== 'string') continue;
      if (maturity < asOf || maturity > horizon) continue;
      maturities.push({
        holdingId: meta.id,
        portfolioId: row.id,
        name: meta.name,
        maturityDate: maturity,
        balance: roundMoney(dec(meta.quantity).times(dec(meta.currentPrice)), meta.currency),
        currency: meta.currency,
      });
    }
  }
  maturities.sort((a, b) => a.maturityDate.localeCompare(b.maturityDate));

  return {
    asOf,
    currency,
    range,
    netWorth,
    series,
    monthlyReturns,
    portfolios: (simulation ? [] : ownValued).map(({ row, computed }) => ({
      id: row.id,
      name: row.name,
      baseCurrency: row.baseCurrency,
      value: roundMoney(computed.result.figures.value, currency),
      dayChange:
        computed.result.daily.value.length > 1
          ? roundMoney(computed.result.figures.dayChange, currency)
          : null,
      twr: Number.isFinite(computed.result.performance.twr)
        ? computed.result.performance.twr
        : null,
    })),
    sharedPortfolios: sharedValued,
    allocation: {
      assetClass: slices(byClass, whole, currency),
      currency: slices(byCurrency, whole, currency),
      sector: slices(bySector, whole, currency),
      country: slices(byCountry, whole, currency),
      portfolio: slices(byPortfolio, whole, currency),
    },
    topMovers: movers.slice(0, TOP_MOVERS),
    recentTransactions: recent,
    upcomingMaturities: maturities,
    unpriced,
    simulation,
  };
}
