import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { PortfolioAccessEvent, PortfolioChangedEvent } from '@/contracts/portfolios';
import {
  type ActiveScope,
  ActiveScopeContext,
  portfolioScopedKeys,
  type SwitchOptions,
} from '@/web/lib/active-scope';
import { useRealtime } from '@/web/lib/realtime';
import { portfolioKeys, usePortfolios } from '../api/queries';
import { fallbackPortfolio, type KnownPortfolio, resolveScope } from '../lib/resolve-scope';
import { usePersistedScope, writePersistedScope } from '../lib/scope-storage';

type Props = { userId: string; children: ReactNode };

function eventType(payload: unknown) {
  return (payload as { type?: unknown } | null)?.type;
}

/**
 * Holds the active portfolio and simulation for the signed-in area (spec 001, section 4): reads
 * ?portfolio= and ?sim=, falls back to this browser's last choice, then to the owned default;
 * keeps the choice; follows access changes live (`user:<id>`, `portfolio:<id>`).
 */
export function ActiveScopeProvider({ userId, children }: Props) {
  const { t } = useTranslation('portfolios');
  const queryClient = useQueryClient();
  const list = usePortfolios();
  const [params, setParams] = useSearchParams();
  const persisted = usePersistedScope(userId);
  const urlPortfolio = params.get('portfolio') || null;
  const urlSim = params.get('sim') || null;

  // Portfolios seen during this visit: one that disappears was lost, not mistyped.
  const [known, setKnown] = useState<ReadonlyMap<string, KnownPortfolio>>(() => new Map());
  const [seenData, setSeenData] = useState<unknown>(undefined);
  if (list.data && list.data !== seenData) {
    setSeenData(list.data);
    const next = new Map(known);
    for (const p of list.data) next.set(p.id, { name: p.name, isOwner: p.isOwner });
    setKnown(next);
  }
  // Unknown ids checked by a refetch, with the list that answered: the answer counts once React
  // renders that list (the refetch resolves a moment before its data reaches the component).
  const [checkedWith, setCheckedWith] = useState<
    ReadonlyMap<string, { data: unknown; at: number }>
  >(() => new Map());
  const checked = useMemo(
    () =>
      new Set(
        [...checkedWith]
          .filter(([, answer]) => answer.data === list.data || answer.at < list.dataUpdatedAt)
          .map(([id]) => id),
      ),
    [checkedWith, list.data, list.dataUpdatedAt],
  );

  const resolution = useMemo(
    () =>
      resolveScope({
        portfolios: list.data,
        url: { portfolio: urlPortfolio, sim: urlSim },
        persisted,
        known,
        checked,
      }),
    [list.data, urlPortfolio, urlSim, persisted, known, checked],
  );
  const { portfolio, simulation, verify, drop, notice } = resolution;
  const status = list.isError && !list.data ? 'error' : resolution.status;

  // An unknown ?portfolio=: refetch the list once before calling it missing.
  const { refetch } = list;
  useEffect(() => {
    if (!verify) return;
    let cancelled = false;
    void refetch().then((result) => {
      if (cancelled) return;
      const answer = { data: result.data, at: result.dataUpdatedAt };
      setCheckedWith((current) => new Map(current).set(verify, answer));
    });
    return () => {
      cancelled = true;
    };
  }, [verify, refetch]);

  useEffect(() => {
    if (!notice) return;
    if (notice.kind === 'not-found') {
      toast.error(t('toasts.notFound'), { id: `scope-${notice.portfolioId}` });
    } else if (!notice.isOwner) {
      toast.warning(t('toasts.accessRemoved', { name: notice.name }), {
        id: `scope-${notice.portfolioId}`,
        description: t('toasts.accessRemovedHint'),
      });
    }
  }, [notice, t]);

  useEffect(() => {
    if (!drop.portfolio && !drop.sim) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (drop.portfolio) next.delete('portfolio');
        if (drop.sim) next.delete('sim');
        return next;
      },
      { replace: true },
    );
  }, [drop.portfolio, drop.sim, setParams]);

  // Keep the choice for the next visit (and for links that carry no parameter).
  const portfolioId = portfolio?.id ?? null;
  const simulationId = simulation?.id ?? null;
  useEffect(() => {
    if (resolution.status !== 'ready') return;
    writePersistedScope(userId, { portfolioId, simulationId });
  }, [userId, resolution.status, portfolioId, simulationId]);

  // Another scope: everything read inside a portfolio is stale.
  const scopeId = portfolioId ? `${portfolioId}/${simulationId ?? ''}` : null;
  const previousScope = useRef(scopeId);
  useEffect(() => {
    if (previousScope.current === scopeId) return;
    const hadScope = previousScope.current !== null;
    previousScope.current = scopeId;
    if (hadScope) void queryClient.invalidateQueries({ queryKey: portfolioScopedKeys.all });
  }, [scopeId, queryClient]);

  useEffect(() => {
    if (list.isError && !list.data) toast.error(t('toasts.loadFailed'), { id: 'portfolios-load' });
  }, [list.isError, list.data, t]);

  // Live: access granted or lost (user topic), and changes inside the active portfolio.
  const refreshPortfolios = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
    [queryClient],
  );
  useRealtime(`user:${userId}`, (payload) => {
    if (eventType(payload) === ('portfolio-access' satisfies PortfolioAccessEvent['type']))
      refreshPortfolios();
  });
  useRealtime(portfolioId ? `portfolio:${portfolioId}` : null, (payload) => {
    if (eventType(payload) !== ('portfolio-changed' satisfies PortfolioChangedEvent['type']))
      return;
    // Holdings and transactions changed (here or in another tab or by an invitee): refetch the
    // portfolio's data; its goals or scenarios: refetch those; anything else: refetch the list.
    const entity = (payload as Partial<PortfolioChangedEvent>).entity;
    if (entity === 'holdings') {
      if (portfolioId)
        void queryClient.invalidateQueries({
          queryKey: portfolioScopedKeys.portfolio(portfolioId),
        });
    } else if (entity === 'planning') {
      if (portfolioId)
        void queryClient.invalidateQueries({
          queryKey: portfolioScopedKeys.portfolio(portfolioId),
          // [root, portfolio, simulation, 'goals' | 'projections', ...]
          predicate: ({ queryKey }) => queryKey[3] === 'goals' || queryKey[3] === 'projections',
        });
    } else refreshPortfolios();
  });

  const portfolios = list.data;
  const setScope = useCallback(
    (nextPortfolio: string, nextSim: string | null) => {
      writePersistedScope(userId, { portfolioId: nextPortfolio, simulationId: nextSim });
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('portfolio', nextPortfolio);
        if (nextSim) next.set('sim', nextSim);
        else next.delete('sim');
        return next;
      });
    },
    [userId, setParams],
  );

  const switchPortfolio = useCallback(
    (id: string | null, options: SwitchOptions = {}) => {
      const target = id
        ? (portfolios?.find((p) => p.id === id) ?? null)
        : fallbackPortfolio(portfolios ?? []);
      const targetId = id ?? target?.id;
      if (!targetId) return;
      setScope(targetId, null);
      if (!options.silent && target) toast.success(t('toasts.switched', { name: target.name }));
    },
    [portfolios, setScope, t],
  );

  const switchSimulation = useCallback(
    (id: string | null, options: SwitchOptions = {}) => {
      if (!id) {
        if (!portfolioId) return;
        setScope(portfolioId, null);
        if (!options.silent) toast.success(t('toasts.switchedToReal'));
        return;
      }
      const owner =
        portfolios?.find((p) => p.simulations.some((s) => s.id === id)) ??
        portfolios?.find((p) => p.id === options.portfolioId);
      const targetPortfolio = owner?.id ?? options.portfolioId;
      if (!targetPortfolio) return;
      setScope(targetPortfolio, id);
      const name = owner?.simulations.find((s) => s.id === id)?.name;
      if (!options.silent && name) toast.success(t('toasts.switchedToSimulation', { name }));
    },
    [portfolios, portfolioId, setScope, t],
  );

  const value = useMemo<ActiveScope>(
    () => ({
      status,
      portfolios: portfolios ?? [],
      portfolio,
      simulation,
      permission: portfolio?.permissionLevel ?? null,
      scopeKey: portfolio ? portfolioScopedKeys.scope(portfolio.id, simulation?.id ?? null) : null,
      switchPortfolio,
      switchSimulation,
    }),
    [status, portfolios, portfolio, simulation, switchPortfolio, switchSimulation],
  );

  return <ActiveScopeContext.Provider value={value}>{children}</ActiveScopeContext.Provider>;
}
