import type { Portfolio, Simulation } from '@/contracts/portfolios';
import type { PersistedScope } from './scope-storage';

/** What the app knew of a portfolio it has seen (to tell "access lost" from "never existed"). */
export type KnownPortfolio = { name: string; isOwner: boolean };

export type ScopeInput = {
  /** undefined while the list loads. */
  portfolios: Portfolio[] | undefined;
  url: { portfolio: string | null; sim: string | null };
  persisted: PersistedScope;
  /** Portfolios seen in earlier lists during this visit. */
  known: ReadonlyMap<string, KnownPortfolio>;
  /** Unknown ?portfolio= ids already checked with a refetch of the list. */
  checked: ReadonlySet<string>;
};

export type ScopeNotice =
  | { kind: 'not-found'; portfolioId: string }
  /** The portfolio was active (or requested) and is no longer in the list. */
  | { kind: 'lost'; portfolioId: string; name: string; isOwner: boolean };

export type ScopeResolution = {
  status: 'loading' | 'ready' | 'empty';
  portfolio: Portfolio | null;
  simulation: Simulation | null;
  /** An unknown ?portfolio= to check by refetching the list once. */
  verify: string | null;
  /** Parameters of the URL to remove (they name something that is not there). */
  drop: { portfolio: boolean; sim: boolean };
  notice: ScopeNotice | null;
};

/** The owned default portfolio, else the first one (spec 001, section 4). */
export function fallbackPortfolio(portfolios: Portfolio[]): Portfolio | null {
  return portfolios.find((p) => p.isOwner && p.isDefault) ?? portfolios[0] ?? null;
}

const NO_DROP = { portfolio: false, sim: false };

/**
 * The active portfolio: ?portfolio=, else the persisted choice, else the owned default, else the
 * first. The active simulation: ?sim= (or, with no ?portfolio=, the persisted one), cleared when it
 * is not among the active portfolio's simulations.
 */
export function resolveScope({
  portfolios,
  url,
  persisted,
  known,
  checked,
}: ScopeInput): ScopeResolution {
  if (!portfolios) {
    return {
      status: 'loading',
      portfolio: null,
      simulation: null,
      verify: null,
      drop: NO_DROP,
      notice: null,
    };
  }
  const fromUrl = url.portfolio !== null;
  if (portfolios.length === 0) {
    return {
      status: 'empty',
      portfolio: null,
      simulation: null,
      verify: null,
      drop: { portfolio: fromUrl, sim: url.sim !== null },
      notice: null,
    };
  }

  const requested = url.portfolio ?? persisted.portfolioId;
  const found = requested ? (portfolios.find((p) => p.id === requested) ?? null) : null;
  let notice: ScopeNotice | null = null;
  if (requested && !found) {
    const seen = known.get(requested);
    if (seen) {
      notice = { kind: 'lost', portfolioId: requested, ...seen };
    } else if (fromUrl && !checked.has(requested)) {
      return {
        status: 'loading',
        portfolio: null,
        simulation: null,
        verify: requested,
        drop: NO_DROP,
        notice: null,
      };
    } else if (fromUrl) {
      notice = { kind: 'not-found', portfolioId: requested };
    }
  }

  const portfolio = found ?? fallbackPortfolio(portfolios);
  const simRequested = url.sim ?? (fromUrl ? null : persisted.simulationId);
  const simulation =
    (simRequested && portfolio?.simulations.find((s) => s.id === simRequested)) || null;
  const dropPortfolio = fromUrl && !found;
  return {
    status: 'ready',
    portfolio,
    simulation,
    verify: null,
    drop: { portfolio: dropPortfolio, sim: url.sim !== null && (dropPortfolio || !simulation) },
    notice,
  };
}
