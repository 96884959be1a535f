import type { PortfolioAccessEvent, PortfolioChangedEvent } from '@/contracts/portfolios';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';

/** The realtime topic of one portfolio (subscribers: whoever can view it, checked at subscribe). */
export const portfolioTopic = (portfolioId: string) => `portfolio:${portfolioId}`;

/** Tells a user's open tabs their access to a portfolio changed; delivered if `tx` commits. */
export async function publishAccess(
  ctx: ServerContext,
  tx: DbOrTx,
  userIds: Iterable<string | null>,
  portfolioId: string,
) {
  const event: PortfolioAccessEvent = { type: 'portfolio-access', portfolioId };
  for (const userId of new Set(userIds)) {
    if (userId) await ctx.realtime.publish(`user:${userId}`, event, tx);
  }
}

/** Tells the portfolio's viewers that it, its simulations or its shares changed. */
export async function publishChanged(
  ctx: ServerContext,
  tx: DbOrTx,
  portfolioId: string,
  entity: PortfolioChangedEvent['entity'],
) {
  const event: PortfolioChangedEvent = { type: 'portfolio-changed', portfolioId, entity };
  await ctx.realtime.publish(portfolioTopic(portfolioId), event, tx);
}
