import type { Currency } from '@/contracts/settings';
import type { Transaction } from '@/contracts/transactions';
import { api } from '@/web/lib/api-client';
import { defineSource, scopeQuery } from './source';

/** The list endpoint's largest page. */
const PAGE_SIZE = 200;
/**
 * The most recent transactions searched (spec 002, section 9: "findByUserId limit 1000"); older
 * ones are a filter away on the transactions page (docs/decisions.md, "Global search").
 */
export const SEARCHED_TRANSACTIONS = 1000;

type Page = { transactions: Transaction[]; hasMore: boolean };

async function recentTransactions(
  portfolioId: string,
  query: (extra: Record<string, string>) => string,
  signal: AbortSignal,
) {
  const all: Transaction[] = [];
  for (let page = 1; all.length < SEARCHED_TRANSACTIONS; page += 1) {
    const answer = await api<Page>(
      `/portfolios/${portfolioId}/transactions${query({ page: String(page), pageSize: String(PAGE_SIZE) })}`,
      { signal },
    );
    all.push(...answer.transactions);
    if (!answer.hasMore) break;
  }
  return all.slice(0, SEARCHED_TRANSACTIONS);
}

/**
 * Transactions, newest first, from the list the transactions page reads: found by asset name or
 * symbol, type (in both languages), date and amount.
 */
export const transactionsSource = defineSource<Transaction[]>({
  name: 'transactions',
  load: {
    // Under the scope's key: any change in the portfolio refetches it.
    queryKey: (scope) => [...scope.key, 'transactions', 'search'],
    fetch: (scope, signal) =>
      recentTransactions(scope.portfolioId, (extra) => scopeQuery(scope, extra), signal),
  },
  documents: (transactions, { t, both, format }) =>
    (transactions ?? []).map((transaction) => {
      const currency = transaction.currency as Currency;
      const type = t(`types.${transaction.transactionType}`);
      const target = new URLSearchParams({
        assetId: transaction.assetId,
        type: transaction.transactionType,
        from: transaction.settlementDate,
        to: transaction.settlementDate,
      });
      return {
        id: `transaction:${transaction.id}`,
        type: 'transaction',
        category: 'transactions',
        title: t('transaction', { type, asset: transaction.assetName }),
        description: `${format.date(transaction.tradeDate)} · ${format.number(transaction.quantity, 8)} × ${format.money(transaction.price, { currency, decimals: true })}`,
        path: `/transactions?${target.toString()}#transaction-${transaction.id}`,
        icon: 'transaction',
        keywords: [
          transaction.assetName,
          transaction.assetSymbol ?? '',
          transaction.transactionType,
          ...both(`types.${transaction.transactionType}`),
          // The trade date only: a second date keyword would count the same day twice.
          transaction.tradeDate,
          transaction.amount,
          transaction.broker ?? '',
          transaction.notes ?? '',
        ],
        date: transaction.tradeDate,
        amount: Number(transaction.amount),
        metadata: {
          amount: transaction.amount,
          currency,
          symbol: transaction.assetSymbol ?? undefined,
          quantity: transaction.quantity,
          currentPrice: transaction.price,
          status: transaction.status,
          date: transaction.tradeDate,
          assetId: transaction.assetId,
          type: transaction.transactionType,
          fees: transaction.fees,
        },
      };
    }),
});
