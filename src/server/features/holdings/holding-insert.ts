import {
  type CreateHoldingInput,
  DEFAULT_CURRENCY,
  DEFAULT_SAVINGS_TAX_RATE,
  isTaxExempt,
} from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import { dec, toPlain } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import { holdings, savingsInterestRates, transactions } from '../../db/schema';
import {
  type Actor,
  ASSET_TYPE_OF,
  type HoldingRow,
  rebuildHolding,
  recordLedgerAudit,
  type Scope,
  settlementDateFor,
} from '../ledger';
import { rateToBase } from '../market-data';
import { seedValuations } from './valuation-points';

/**
 * A new holding written with what comes with it: its columns and details by class
 * (`holdingValues`), then (`insertHolding`) its first value points, its opening buy and lot, a
 * savings account's first interest rate, and its audit row. Offered in the holdings' index.ts
 * because a holding is created by the holdings feature (the API) and by the CSV import
 * (features/import-export).
 */

type HoldingValues = Omit<
  typeof holdings.$inferInsert,
  'userId' | 'portfolioId' | 'simulationId' | 'id'
>;

const percentToFraction = (percent: string) => toPlain(dec(percent).div(100));

/** The columns and details of a new holding of each class. */
export function holdingValues(input: CreateHoldingInput): HoldingValues {
  const currency = (input.currency ?? DEFAULT_CURRENCY[input.class]) as Currency;
  switch (input.class) {
    case 'market':
      return {
        class: 'market',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          sector: input.sector ?? null,
          exchange: input.exchange ?? null,
          notes: input.notes,
        },
      };
    case 'crypto':
      return {
        class: 'crypto',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          exchange: input.exchange,
          walletAddress: input.walletAddress,
          notes: input.notes,
        },
      };
    case 'real_estate':
      return {
        class: 'real_estate',
        name: input.propertyName,
        symbol: null,
        quantity: '1',
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentValue,
        purchaseDate: input.purchaseDate,
        currency,
        // Pending until created, active once it is (spec 002, section 4).
        status: 'active',
        details: {
          propertyType: input.propertyType,
          address: input.address,
          rentalIncome: input.rentalIncome ?? null,
          size: input.size ?? null,
          sizeUnit: input.sizeUnit ?? 'sqm',
          bedrooms: input.bedrooms ?? null,
          bathrooms: input.bathrooms ?? null,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          country: input.country,
          description: input.description,
        },
      };
    case 'crowdfunding':
      return {
        class: 'crowdfunding',
        name: input.projectName,
        symbol: null,
        quantity: '1',
        purchasePrice: input.amountInvested,
        currentPrice: input.valuation ?? input.amountInvested,
        purchaseDate: input.investmentDate,
        currency,
        status: input.status ?? 'active',
        details: {
          platform: input.platform,
          equityPercentage: input.equityPercentage ?? null,
          expectedReturn: input.expectedReturn ?? null,
          duration: input.duration ?? null,
          notes: input.notes,
        },
      };
    case 'savings': {
      const exempt = isTaxExempt(input.accountType);
      return {
        class: 'savings',
        name: input.accountName,
        symbol: null,
        quantity: input.currentBalance,
        purchasePrice: '1',
        currentPrice: '1',
        purchaseDate: input.openingDate,
        currency,
        status: 'active',
        details: {
          bankName: input.bankName,
          accountType: input.accountType,
          accountNumber: input.accountNumber,
          maturityDate: input.maturityDate ?? null,
          minimumBalance: input.minimumBalance ?? null,
          earlyWithdrawalPenaltyRate: input.earlyWithdrawalPenaltyRate ?? null,
          isTaxExempt: exempt,
          // Exempt accounts (Livret A, LDD, PEL) pay no tax on interest: their rate is 0.
          taxRate: exempt ? '0' : (input.taxRate ?? DEFAULT_SAVINGS_TAX_RATE),
          interestRate: input.interestRate ? percentToFraction(input.interestRate) : '0',
          compoundingFrequency: input.compoundingFrequency ?? 'monthly',
          bankLogoUrl: input.bankLogoUrl ?? null,
          notes: input.notes,
        },
      };
    }
    case 'generic':
      return {
        class: 'generic',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          type: input.type,
          description: input.description,
          maturityDate: input.maturityDate ?? null,
          dividendYield: input.dividendYield ?? null,
          expenseRatio: input.expenseRatio ?? null,
          sector: input.sector,
          country: input.country,
        },
      };
  }
}

/**
 * Inserts a holding in a scope the caller may edit (checked by the caller) with its opening buy
 * (hence 'Asset added successfully - check Transactions page'), its lot, and for a savings account
 * its first interest rate. Used by the API and by the CSV import, inside their transaction.
 */
export async function insertHolding(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  input: CreateHoldingInput,
  now: Date,
  /** The new holding's id (the CSV import derives it from the file's assetRef). */
  id?: string,
): Promise<HoldingRow> {
  const values = holdingValues(input);
  const [row] = await tx
    .insert(holdings)
    .values({
      ...values,
      ...(id ? { id } : {}),
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  await seedValuations(
    tx,
    actor.userId,
    row,
    now,
    'currentValueDate' in input ? input.currentValueDate : null,
  );
  if (!dec(row.quantity).isZero()) {
    // In another currency than the portfolio's: the published rate of the purchase date, if any.
    const rate = await rateToBase(
      tx,
      row.currency,
      scope.access.portfolio.baseCurrency,
      row.purchaseDate,
    );
    const [opening] = await tx
      .insert(transactions)
      .values({
        userId: actor.userId,
        portfolioId: scope.portfolioId,
        simulationId: scope.simulationId,
        holdingId: row.id,
        assetType: ASSET_TYPE_OF[input.class],
        transactionType: 'buy',
        quantity: row.quantity,
        price: row.purchasePrice,
        fees: '0',
        currency: row.currency,
        exchangeRateToBase: rate ?? '1',
        tradeDate: row.purchaseDate,
        settlementDate: settlementDateFor(row, row.purchaseDate),
        notes: null,
        status: 'completed',
        costBasisMethod: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    if (opening) {
      await recordLedgerAudit(
        tx,
        actor,
        {
          portfolioId: scope.portfolioId,
          action: 'create',
          entityType: 'transaction',
          entityId: opening.id,
          newValues: { transactionType: 'buy', quantity: row.quantity, price: row.purchasePrice },
        },
        now,
      );
    }
  }
  if (input.class === 'savings' && input.interestRate && !dec(input.interestRate).isZero()) {
    await tx.insert(savingsInterestRates).values({
      holdingId: row.id,
      interestRate: percentToFraction(input.interestRate),
      compoundingFrequency: input.compoundingFrequency ?? 'monthly',
      startDate: input.openingDate,
      createdAt: now,
    });
  }
  await rebuildHolding(tx, row, now);
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: scope.portfolioId,
      action: 'create',
      entityType: 'holding',
      entityId: row.id,
      newValues: { class: row.class, name: row.name },
    },
    now,
  );
  return row;
}
