import type { Holding, HoldingClass } from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import type { SearchDocument, SearchResultMetadata } from '@/domain/search';
import { api } from '@/web/lib/api-client';
import { defineSource, scopeQuery, type SourceContext } from './source';

/** Each class's page (spec 002, section 2; the holdings feature's CLASS_PATHS). */
export const HOLDING_PAGES: Record<HoldingClass, string> = {
  market: '/assets/market',
  crypto: '/assets/crypto',
  real_estate: '/assets/real-estate',
  crowdfunding: '/assets/crowdfunding',
  savings: '/assets/savings',
  generic: '/assets',
};

/** The spec's asset types (section 3), the type filter's values. */
export const HOLDING_TYPES: Record<HoldingClass, string> = {
  market: 'market_investment',
  crypto: 'crypto_investment',
  real_estate: 'real_estate_investment',
  crowdfunding: 'crowdfunding_investment',
  savings: 'savings_account',
  generic: 'other',
};

function detail(holding: Holding, name: string): string | undefined {
  const value = holding.details[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** The line under the title: what tells two holdings of a class apart. */
function describe(holding: Holding): string[] {
  switch (holding.class) {
    case 'market':
      return [detail(holding, 'exchange'), detail(holding, 'sector')].filter(isText);
    case 'crypto':
      return [detail(holding, 'exchange')].filter(isText);
    case 'real_estate':
      return [detail(holding, 'address'), detail(holding, 'city')].filter(isText);
    case 'crowdfunding':
      return [detail(holding, 'platform')].filter(isText);
    case 'savings':
      return [detail(holding, 'bankName'), detail(holding, 'accountNumber')].filter(isText);
    case 'generic':
      return [detail(holding, 'type'), detail(holding, 'description')].filter(isText);
  }
}

function isText(value: string | undefined): value is string {
  return value !== undefined;
}

function holdingDocument(holding: Holding, context: SourceContext): SearchDocument {
  const description = describe(holding);
  const metadata: SearchResultMetadata = {
    amount: holding.marketValue,
    currency: holding.currency as Currency,
    symbol: holding.symbol ?? undefined,
    quantity: holding.quantity,
    currentPrice: holding.lastPrice,
    status: holding.isActive ? holding.status : 'inactive',
    sector: detail(holding, 'sector'),
    exchange: detail(holding, 'exchange'),
    platform: detail(holding, 'platform'),
    expectedReturn: detail(holding, 'expectedReturn'),
    bank: detail(holding, 'bankName'),
    accountType: detail(holding, 'accountType'),
    propertyType: detail(holding, 'propertyType'),
    rentalIncome: detail(holding, 'rentalIncome'),
  };
  return {
    id: `holding:${holding.id}`,
    type: HOLDING_TYPES[holding.class],
    category: holding.class,
    title: holding.name,
    description: description.join(' · ') || undefined,
    path: `${HOLDING_PAGES[holding.class]}#holding-${holding.id}`,
    icon: holding.class,
    keywords: [
      holding.name,
      holding.symbol ?? '',
      ...description,
      detail(holding, 'propertyType') ?? '',
      detail(holding, 'accountType') ?? '',
      detail(holding, 'walletAddress') ?? '',
      detail(holding, 'country') ?? '',
      ...context.both(`categories.${holding.class}`),
    ],
    date: holding.purchaseDate,
    amount: Number(holding.marketValue),
    metadata,
  };
}

/**
 * Holdings of every class, savings accounts among them, from the list the asset pages read (the
 * same query key: one request serves both).
 */
export const holdingsSource = defineSource<Holding[]>({
  name: 'holdings',
  load: {
    queryKey: (scope) => [...scope.key, 'holdings', 'list', 'all'],
    fetch: (scope, signal) =>
      api<{ holdings: Holding[] }>(
        `/portfolios/${scope.portfolioId}/holdings${scopeQuery(scope)}`,
        {
          signal,
        },
      ).then((data) => data.holdings),
  },
  documents: (holdings, context) =>
    (holdings ?? []).map((holding) => holdingDocument(holding, context)),
});
