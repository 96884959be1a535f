import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { latestToday } from '@/contracts/input-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlain } from '@/domain/money/decimal';
import {
  holdings,
  savingsInterestRates,
  savingsTransactions,
  subscriptions,
  taxCalculations,
  transactionAuditTrail,
  transactionLots,
  transactions,
} from '../../db/schema';
import { IMPORT_MAX_ERRORS } from '@/contracts/import-export';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Actor, simulationIs } from '../ledger';
import { escapeFormula, parseCsv, unescapeFormula } from '../../platform/csv';
import { exportTransactions, transactionBatch } from './export.service';

/**
 * CSV export and import (spec 002, section 9; security checklist 19): files, names and formula
 * escaping; transactions streamed in batches; previews with mapping and row-numbered errors;
 * all-or-nothing commits; the plan's limit; a round trip into an empty portfolio; permissions.
 */

let t: TestApp;
let owner: Agent;
let ownerId: string;
let reader: Agent;
let editor: Agent;
let stranger: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'exporter@example.com'));
  ({ agent: reader } = await registerUser(t.app, 'reader@example.com'));
  ({ agent: editor } = await registerUser(t.app, 'editor@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'stranger@example.com'));
});
afterAll(() => t.close());

async function portfolio(name = 'Export') {
  return (await insertPortfolio(db(), ownerId, { name })).id;
}

async function add(portfolioId: string, body: Record<string, unknown>) {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().holding as { id: string; name: string };
}

async function trade(portfolioId: string, body: Record<string, unknown>) {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transaction as { id: string };
}

async function movement(holdingId: string, body: Record<string, unknown>) {
  const res = await owner.post(`/api/v1/holdings/${holdingId}/savings/transactions`, body);
  expect(res.statusCode, res.body).toBe(201);
}

async function changeRate(holdingId: string, body: Record<string, unknown>) {
  const res = await owner.post(`/api/v1/holdings/${holdingId}/savings/rate`, body);
  expect(res.statusCode, res.body).toBe(201);
}

async function patch(holdingId: string, body: Record<string, unknown>) {
  const res = await owner.patch(`/api/v1/holdings/${holdingId}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

const market = (extra: Record<string, unknown> = {}) => ({
  class: 'market',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quantity: '10',
  purchasePrice: '150',
  currentPrice: '180.5',
  purchaseDate: '2024-01-10',
  sector: 'Technology',
  exchange: 'NASDAQ',
  ...extra,
});

const exportOf = (portfolioId: string, kind: string, agent = owner, sim?: string) =>
  agent.get(`/api/v1/portfolios/${portfolioId}/export/${kind}.csv${sim ? `?sim=${sim}` : ''}`);

const importInto = (
  portfolioId: string,
  body: Record<string, unknown>,
  agent = owner,
  sim?: string,
) => agent.post(`/api/v1/portfolios/${portfolioId}/import${sim ? `?sim=${sim}` : ''}`, body);

/** A file's rows as records (the byte order mark checked and removed). */
function rowsOf(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(body.slice(1), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  expect(parsed.errors).toEqual([]);
  return { columns: parsed.meta.fields ?? [], rows: parsed.data };
}

const csv = (lines: string[][]) => lines.map((cells) => cells.join(',')).join('\r\n');

/** How many rows of each ledger table a portfolio has. */
async function counts(portfolioId: string) {
  const n = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]?.n ?? 0);
  return {
    holdings: await n(
      db().select({ n: count() }).from(holdings).where(eq(holdings.portfolioId, portfolioId)),
    ),
    transactions: await n(
      db()
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.portfolioId, portfolioId)),
    ),
    lots: await n(
      db()
        .select({ n: count() })
        .from(transactionLots)
        .where(eq(transactionLots.portfolioId, portfolioId)),
    ),
    audit: await n(
      db()
        .select({ n: count() })
        .from(transactionAuditTrail)
        .where(eq(transactionAuditTrail.portfolioId, portfolioId)),
    ),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('CSV cells', () => {
  it('escapes cells a spreadsheet would run as formulas, and the import undoes it', () => {
    for (const value of ['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(escapeFormula(value)).toBe(`'${value}`);
      expect(unescapeFormula(escapeFormula(value))).toBe(value);
    }
    for (const value of ['Apple', "'quoted", '1.5', '']) {
      expect(escapeFormula(value)).toBe(value);
      expect(unescapeFormula(value)).toBe(value);
    }
  });

  it('numbers rows as a spreadsheet does: header row 1, blank rows counted', async () => {
    const parsed = await parseCsv('\uFEFFa;b\r\n1;2\r\n\r\n;\r\n"multi\nline";4\r\n5;6\r\n');
    expect(parsed.columns).toEqual(['a', 'b']);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.records.map((record) => record.row)).toEqual([2, 5, 6]);
    expect(parsed.issues).toEqual([]);
  });
});

describe('exports', () => {
  it('exports every holding with the common columns and each class’s fields, date-stamped', async () => {
    const id = await portfolio();
    const apple = await add(id, market());
    await add(id, {
      class: 'real_estate',
      propertyName: 'Flat in Lyon',
      propertyType: 'apartment',
      address: '1 rue de la République, Lyon',
      purchasePrice: '250000',
      currentValue: '270000',
      rentalIncome: '900',
      purchaseDate: '2020-03-15',
      bedrooms: 2,
      longitude: -0.57,
    });
    const livretA = await add(id, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '5000',
      openingDate: '2019-01-01',
      interestRate: '3',
    });
    await movement(livretA.id, {
      transactionType: 'deposit',
      amount: '250.5',
      transactionDate: '2024-01-05',
    });
    await movement(livretA.id, {
      transactionType: 'withdrawal',
      amount: '100',
      transactionDate: '2024-02-05',
    });
    const before = today();
    const res = await exportOf(id, 'assets');
    const after = today();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const disposition = String(res.headers['content-disposition']);
    expect([
      `attachment; filename="cairn-assets-${before}.csv"`,
      `attachment; filename="cairn-assets-${after}.csv"`,
    ]).toContain(disposition);
    expect(res.body).toContain('\r\n');
    const { columns, rows } = rowsOf(res.body);
    expect(columns.slice(0, 9)).toEqual([
      'class',
      'name',
      'symbol',
      'quantity',
      'purchasePrice',
      'currentPrice',
      'purchaseDate',
      'currency',
      'status',
    ]);
    expect(columns).toEqual(expect.arrayContaining(['sector', 'propertyType', 'bankName']));
    expect(columns.slice(-2)).toEqual(['openingBalance', 'assetRef']);
    const [appleRow] = rows.filter((row) => row.class === 'market');
    expect(appleRow).toMatchObject({
      name: 'Apple Inc.',
      symbol: 'AAPL',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180.5',
      purchaseDate: '2024-01-10',
      currency: 'EUR',
      status: 'active',
      sector: 'Technology',
      exchange: 'NASDAQ',
      bankName: '',
      openingBalance: '',
      assetRef: apple.id,
    });
    const [flat] = rows.filter((row) => row.class === 'real_estate');
    // A negative coordinate starts with '-': escaped like any such cell.
    expect(flat).toMatchObject({
      name: 'Flat in Lyon',
      quantity: '1',
      currentPrice: '270000',
      address: '1 rue de la République, Lyon',
      bedrooms: '2',
      longitude: "'-0.57",
    });
    // The balance now, and before its movements (5000 + 250.5 - 100).
    const [livret] = rows.filter((row) => row.class === 'savings');
    expect(livret).toMatchObject({
      name: 'Livret A',
      quantity: '5150.5',
      openingBalance: '5000',
      interestRate: '3',
      assetRef: livretA.id,
    });
    const savingsFile = rowsOf((await exportOf(id, 'savings')).body);
    expect(savingsFile.columns.slice(-3)).toEqual(['status', 'openingBalance', 'assetRef']);
    expect(savingsFile.rows[0]).toMatchObject({ currentBalance: '5150.5', openingBalance: '5000' });
  });

  it('exports one class with that class’s create fields', async () => {
    const id = await portfolio();
    await add(id, market());
    const bitcoin = await add(id, {
      class: 'crypto',
      symbol: 'btc',
      name: 'Bitcoin',
      quantity: '0.5',
      purchasePrice: '30000',
      currentPrice: '60000',
      purchaseDate: '2023-05-01',
      walletAddress: 'bc1qxyz',
    });
    await add(id, {
      class: 'crowdfunding',
      platform: 'Enerfip',
      projectName: 'Solar farm',
      amountInvested: '1000',
      expectedReturn: '7',
      duration: 36,
      investmentDate: '2024-02-01',
    });
    const crypto = await exportOf(id, 'crypto');
    expect(crypto.headers['content-disposition']).toMatch(
      /^attachment; filename="cairn-crypto-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const cryptoFile = rowsOf(crypto.body);
    expect(cryptoFile.columns).toEqual([
      'class',
      'symbol',
      'name',
      'quantity',
      'purchasePrice',
      'currentPrice',
      'purchaseDate',
      'exchange',
      'walletAddress',
      'currency',
      'notes',
      'status',
      'assetRef',
    ]);
    expect(cryptoFile.rows).toEqual([
      {
        class: 'crypto',
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.5',
        purchasePrice: '30000',
        currentPrice: '60000',
        purchaseDate: '2023-05-01',
        exchange: '',
        walletAddress: 'bc1qxyz',
        currency: 'USD',
        notes: '',
        status: 'active',
        assetRef: bitcoin.id,
      },
    ]);
    const crowdfunding = rowsOf((await exportOf(id, 'crowdfunding')).body);
    expect(crowdfunding.rows).toEqual([
      expect.objectContaining({
        platform: 'Enerfip',
        projectName: 'Solar farm',
        amountInvested: '1000',
        valuation: '1000',
        investmentDate: '2024-02-01',
        duration: '36',
        status: 'active',
      }),
    ]);
    expect(rowsOf((await exportOf(id, 'market')).body).rows).toHaveLength(1);
    expect(rowsOf((await exportOf(id, 'savings')).body).rows).toEqual([]);
    expect(rowsOf((await exportOf(id, 'real-estate')).body).columns[1]).toBe('propertyName');
    expect((await exportOf(id, 'everything')).statusCode).toBe(400);
  });

  it('escapes formulas in every text a user typed', async () => {
    const id = await portfolio();
    const name = '=HYPERLINK("http://evil.example","click")';
    const holding = await add(id, market({ name, notes: '@SUM(1+1)' }));
    await trade(id, {
      assetId: holding.id,
      transactionType: 'dividend',
      quantity: '10',
      price: '0.5',
      tradeDate: '2024-03-01',
      broker: '+Broker',
      notes: '-1 share',
    });
    const assets = await exportOf(id, 'market');
    expect(assets.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(rowsOf(assets.body).rows[0]).toMatchObject({ name: `'${name}`, notes: "'@SUM(1+1)" });
    const history = rowsOf((await exportOf(id, 'transactions')).body).rows;
    expect(history.map((row) => [row.assetName, row.broker, row.notes])).toEqual([
      [`'${name}`, '', ''],
      [`'${name}`, "'+Broker", "'-1 share"],
    ]);
  });

  it('streams more than 2,500 transactions, complete and in ledger order, in batches of 1,000', async () => {
    const id = await portfolio();
    const holding = await add(id, market({ quantity: '100000' }));
    const total = 2_600;
    const stamp = new Date('2025-01-01T00:00:00.000Z');
    const values = Array.from({ length: total }, (_, index) => ({
      userId: ownerId,
      portfolioId: id,
      holdingId: holding.id,
      assetType: 'market_investment',
      transactionType: 'dividend',
      quantity: '1',
      price: String(index + 1),
      // Many rows share a date and a time: the id breaks the ties.
      tradeDate: `2024-0${(index % 5) + 2}-01`,
      settlementDate: `2024-0${(index % 5) + 2}-03`,
      createdAt: index % 3 === 0 ? stamp : new Date(stamp.getTime() + index),
    }));
    for (let start = 0; start < total; start += 500) {
      await db()
        .insert(transactions)
        .values(values.slice(start, start + 500));
    }
    const expected = await db()
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.portfolioId, id))
      .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
    const res = await exportOf(id, 'transactions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="cairn-transactions-/);
    const { columns, rows } = rowsOf(res.body);
    expect(columns).toEqual([
      'assetClass',
      'assetName',
      'assetSymbol',
      'transactionType',
      'quantity',
      'price',
      'fees',
      'currency',
      'exchangeRateToBase',
      'tradeDate',
      'settlementDate',
      'costBasisMethod',
      'broker',
      'accountId',
      'notes',
      'status',
      'ref',
      'selectedLots',
      'assetRef',
    ]);
    expect(rows).toHaveLength(total + 1);
    expect(new Set(rows.map((row) => row.assetRef))).toEqual(new Set([holding.id]));
    expect(rows.map((row) => row.ref)).toEqual(expected.map((row) => row.id));

    // The keyset pages: three full batches of 1,000 for 2,601 rows, none repeated or skipped.
    const scope = { access: null as never, portfolioId: id, simulationId: null };
    const seen: string[] = [];
    let cursor: { tradeDate: string; createdAt: string; id: string } | null = null;
    let batches = 0;
    for (;;) {
      const batch = await transactionBatch(db(), scope, cursor);
      batches += 1;
      seen.push(...batch.map((row) => row.transaction.id));
      const last = batch.at(-1);
      if (!last || batch.length < 1000) break;
      cursor = {
        tradeDate: last.transaction.tradeDate,
        createdAt: last.createdAtText,
        id: last.transaction.id,
      };
    }
    expect(batches).toBe(3);
    expect(seen).toEqual(expected.map((row) => row.id));

    // The whole history imports back into an empty portfolio, in one commit.
    const target = await portfolio('Large target');
    const assets = (await exportOf(id, 'assets')).body;
    expect(
      (
        await importInto(target, {
          kind: 'holdings',
          csv: assets,
          openingTransactions: false,
          commit: true,
        })
      ).statusCode,
    ).toBe(201);
    const imported = await importInto(target, {
      kind: 'transactions',
      csv: res.body,
      commit: true,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().imported).toBe(total + 1);
    const copied = rowsOf((await exportOf(target, 'transactions')).body).rows;
    expect(copied.map((row) => row.price)).toEqual(rows.map((row) => row.price));
  });

  it('exports a simulation’s own data with ?sim=', async () => {
    const id = await portfolio();
    await add(id, market());
    const simulation = await insertSimulation(db(), id, ownerId);
    const res = await owner.post(`/api/v1/portfolios/${id}/holdings?sim=${simulation.id}`, {
      ...market({ symbol: 'MSFT', name: 'Microsoft' }),
    });
    expect(res.statusCode).toBe(201);
    const real = rowsOf((await exportOf(id, 'assets')).body).rows;
    const simulated = rowsOf((await exportOf(id, 'assets', owner, simulation.id)).body).rows;
    expect(real.map((row) => row.symbol)).toEqual(['AAPL']);
    expect(simulated.map((row) => row.symbol)).toEqual(['MSFT']);
  });
  it('reads the transactions in one snapshot: a row moved meanwhile is neither skipped nor repeated', async () => {
    const id = await portfolio();
    const holding = await add(id, market({ quantity: '100000' }));
    const stamp = Date.parse('2025-01-01T00:00:00.000Z');
    const values = Array.from({ length: 1_500 }, (_, index) => ({
      userId: ownerId,
      portfolioId: id,
      holdingId: holding.id,
      assetType: 'market_investment',
      transactionType: 'dividend',
      quantity: '1',
      price: String(index + 1),
      tradeDate: '2024-03-01',
      settlementDate: '2024-03-03',
      createdAt: new Date(stamp + index),
    }));
    for (let start = 0; start < values.length; start += 500) {
      await db()
        .insert(transactions)
        .values(values.slice(start, start + 500));
    }
    const expected = (
      await db()
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.portfolioId, id))
        .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id))
    ).map((row) => row.id);
    // In the second batch; moved before the first batch's end while the export runs.
    const moved = expected[1_200] ?? '';
    const actor: Actor = {
      userId: ownerId,
      sessionId: null,
      ip: null,
      userAgent: null,
      log: { info() {} },
    };
    const writes: Promise<unknown>[] = [];
    const stream = await exportTransactions(t.app.ctx, actor, id, undefined, {
      afterBatch: async (batch) => {
        if (batch !== 1) return;
        const update = db()
          .update(transactions)
          .set({ tradeDate: '2023-01-01', settlementDate: '2023-01-03' })
          .where(eq(transactions.id, moved));
        // PostgreSQL commits it at once, beside the export's transaction; the embedded database
        // has one connection, so there it runs when the export's transaction ends.
        if (t.database.kind === 'postgres') await update;
        else writes.push(update.execute());
      },
    });
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    await Promise.all(writes);
    expect(rowsOf(text).rows.map((row) => row.ref)).toEqual(expected);
    // The next export sees the change.
    const after = rowsOf((await exportOf(id, 'transactions')).body).rows.map((row) => row.ref);
    expect(after[0]).toBe(moved);
    expect(after).toHaveLength(expected.length);
  });

  it('answers an error, never a cut file, when reading fails midway', async () => {
    const id = await portfolio();
    const holding = await add(id, market({ quantity: '100000' }));
    const values = Array.from({ length: 1_500 }, (_, index) => ({
      userId: ownerId,
      portfolioId: id,
      holdingId: holding.id,
      assetType: 'market_investment',
      transactionType: 'dividend',
      quantity: '1',
      price: '1',
      tradeDate: '2024-03-01',
      settlementDate: '2024-03-03',
      createdAt: new Date(Date.parse('2025-01-01T00:00:00.000Z') + index),
      // A row of the second batch the export cannot write.
      selectedLots: index === 1_300 ? [{ lotId: randomUUID(), quantity: 'not a number' }] : null,
    }));
    for (let start = 0; start < values.length; start += 500) {
      await db()
        .insert(transactions)
        .values(values.slice(start, start + 500));
    }
    const res = await exportOf(id, 'transactions');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error.code).toBe('UNKNOWN_ERROR');
  });

  it('exports savings movements in the order recorded, and the rate history as its changes', async () => {
    const id = await portfolio();
    const account = await add(id, {
      class: 'savings',
      accountName: 'Compte à terme',
      bankName: 'BNP',
      accountType: 'savings',
      currentBalance: '1000',
      openingDate: '2020-01-01',
      interestRate: '2',
      compoundingFrequency: 'quarterly',
      taxRate: '0.3',
    });
    await movement(account.id, {
      transactionType: 'interest',
      amount: '20',
      transactionDate: '2020-12-31',
    });
    // Recorded after, dated before: the file keeps the order recorded.
    await movement(account.id, {
      transactionType: 'deposit',
      amount: '500.5',
      transactionDate: '2020-06-01',
      notes: '=bonus',
    });
    await changeRate(account.id, { interestRate: '2.5', startDate: '2021-01-01', notes: 'raise' });
    await changeRate(account.id, { interestRate: '0', startDate: '2022-01-01' });
    await changeRate(account.id, {
      interestRate: '1.75',
      compoundingFrequency: 'monthly',
      startDate: '2023-01-01',
    });
    const movements = await exportOf(id, 'savings-movements');
    expect(movements.headers['content-disposition']).toMatch(
      /filename="cairn-savings-movements-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const movementsFile = rowsOf(movements.body);
    expect(movementsFile.columns).toEqual([
      'accountName',
      'transactionType',
      'transactionDate',
      'amount',
      'taxWithheld',
      'notes',
      'assetRef',
    ]);
    expect(movementsFile.rows).toEqual([
      {
        accountName: 'Compte à terme',
        transactionType: 'interest',
        transactionDate: '2020-12-31',
        amount: '20',
        taxWithheld: '6',
        notes: '',
        assetRef: account.id,
      },
      {
        accountName: 'Compte à terme',
        transactionType: 'deposit',
        transactionDate: '2020-06-01',
        amount: '500.5',
        taxWithheld: '',
        notes: "'=bonus",
        assetRef: account.id,
      },
    ]);
    const rates = rowsOf((await exportOf(id, 'savings-rates')).body);
    expect(rates.columns).toEqual([
      'accountName',
      'startDate',
      'interestRate',
      'compoundingFrequency',
      'notes',
      'assetRef',
    ]);
    expect(
      rates.rows.map((row) => [
        row.startDate,
        row.interestRate,
        row.compoundingFrequency,
        row.notes,
      ]),
    ).toEqual([
      ['2020-01-01', '2', 'quarterly', ''],
      ['2021-01-01', '2.5', 'quarterly', 'raise'],
      // Set to 0 that day: the open rate ended with none after it.
      ['2022-01-01', '0', '', ''],
      ['2023-01-01', '1.75', 'monthly', ''],
    ]);
  });
});

describe('import preview', () => {
  it('guesses the mapping from snake_case and French names, and lists every row’s errors', async () => {
    const id = await portfolio();
    const file = [
      'classe;nom;symbole;quantité;prix_d_achat;cours;date_d_achat;devise;unused',
      'market;Apple Inc.;AAPL;10;150,5;180;2024-01-10;EUR;x',
      '',
      'market;Bad;aapl;-3;150;180;2024-13-01;EUR;x',
      'spaceship;Rocket;;1;1;1;2024-01-01;EUR;x',
      'crypto;Bitcoin;btc;0,5;30000;60000;2023-05-01;;x',
    ].join('\n');
    const res = await importInto(id, { kind: 'holdings', csv: file });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.columns).toEqual([
      'classe',
      'nom',
      'symbole',
      'quantité',
      'prix_d_achat',
      'cours',
      'date_d_achat',
      'devise',
      'unused',
    ]);
    expect(preview.mapping).toEqual({
      class: 'classe',
      name: 'nom',
      symbol: 'symbole',
      quantity: 'quantité',
      purchasePrice: 'prix_d_achat',
      currentPrice: 'cours',
      purchaseDate: 'date_d_achat',
      currency: 'devise',
    });
    expect(preview.rows).toBe(4);
    expect(preview.sample[0]).toEqual({
      row: 2,
      values: {
        class: 'market',
        name: 'Apple Inc.',
        symbol: 'AAPL',
        quantity: '10',
        purchasePrice: '150,5',
        currentPrice: '180',
        purchaseDate: '2024-01-10',
        currency: 'EUR',
      },
    });
    // Row 3 is blank: the bad rows are 4 and 5, as a spreadsheet numbers them.
    expect(
      preview.errors.map((e: { row: number; field: string; code: string }) => [
        e.row,
        e.field,
        e.code,
      ]),
    ).toEqual([
      [4, 'symbol', 'symbolFormat'],
      [4, 'quantity', 'shareQuantityPositive'],
      [4, 'purchaseDate', 'dateInvalid'],
      [5, 'class', 'classInvalid'],
    ]);
    expect(preview.errors[0].message).toBe(
      'Symbol must contain only uppercase letters, numbers, dots, and hyphens',
    );
    expect(preview.errorCount).toBe(4);
    expect(preview.valid).toBe(false);
    expect(await counts(id)).toEqual({ holdings: 0, transactions: 0, lots: 0, audit: 0 });
  });

  it('uses the mapping it is given, and says when a column does not exist', async () => {
    const id = await portfolio();
    const file = csv([
      ['Kind', 'Title', 'Ticker', 'Units', 'Cost', 'Now', 'Bought on', 'Label'],
      ['market', 'Apple Inc.', 'AAPL', '10', '150', '180', '2024-01-10', 'ignored'],
    ]);
    const mapping = {
      class: 'Kind',
      name: 'Title',
      symbol: 'Ticker',
      quantity: 'Units',
      purchasePrice: 'Cost',
      currentPrice: 'Now',
      purchaseDate: 'Bought on',
    };
    const ok = (await importInto(id, { kind: 'holdings', csv: file, mapping })).json();
    expect(ok.valid).toBe(true);
    expect(ok.mapping).toEqual(mapping);
    expect(ok.sample[0].values.name).toBe('Apple Inc.');
    // '' leaves a field out even when a column would be guessed for it.
    const unmapped = (
      await importInto(id, {
        kind: 'holdings',
        csv: file,
        mapping: { ...mapping, name: '', notes: 'Missing column' },
      })
    ).json();
    expect(unmapped.mapping.name).toBeUndefined();
    expect(unmapped.errors).toEqual([
      expect.objectContaining({ row: 1, field: 'notes', code: 'unknownColumn' }),
      expect.objectContaining({ row: 2, field: 'name', code: 'holdingNameRequired' }),
    ]);
  });

  it('refuses an empty file, a file without rows, duplicate columns and too large a file', async () => {
    const id = await portfolio();
    const empty = (await importInto(id, { kind: 'holdings', csv: '\n\n' })).json();
    expect(empty.errors.map((e: { code: string }) => e.code)).toEqual(['emptyFile']);
    const headerOnly = (
      await importInto(id, { kind: 'transactions', csv: 'assetName,quantity' })
    ).json();
    expect(headerOnly.errors.map((e: { code: string }) => e.code)).toEqual(['noRows']);
    const twice = (
      await importInto(id, { kind: 'holdings', csv: 'class,name,name\nmarket,A,B' })
    ).json();
    expect(twice.errors[0]).toMatchObject({ row: 1, code: 'duplicateColumn' });
    const long = (
      await importInto(id, { kind: 'holdings', csv: `class,name\n${'market,A\n'.repeat(20_001)}` })
    ).json();
    expect(long.rows).toBe(20_001);
    expect(long.errors).toEqual([
      expect.objectContaining({ row: 1, code: 'tooManyRows', params: { max: '20000' } }),
    ]);
    const huge = await importInto(id, {
      kind: 'holdings',
      csv: `class,name\n${'market,A\n'.repeat(600_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
  it('reads a French spreadsheet: day-first dates, decimal commas and thousands; refuses numbers that read two ways, by row', async () => {
    const id = await portfolio();
    const header = 'classe;nom;symbole;quantité;prix_d_achat;cours;date_d_achat';
    const good = [
      'market;Apple Inc.;AAPL;1 234,5;1.234,56;180,25;15/01/2024',
      'crypto;Bitcoin;BTC;0,12345678;30\u00A0000;60\u202F000,5;1/5/2023',
    ];
    const file = [
      header,
      ...good,
      // An English thousands separator in a French file, and a month-first date.
      'market;Microsoft;MSFT;1,000;300;400;2024-02-01',
      'market;Nvidia;NVDA;10;300;400;01/13/2024',
    ].join('\r\n');
    const preview = (await importInto(id, { kind: 'holdings', csv: file })).json();
    expect(
      preview.errors.map((e: { row: number; field: string; code: string }) => [
        e.row,
        e.field,
        e.code,
      ]),
    ).toEqual([
      [4, 'quantity', 'numberAmbiguous'],
      [5, 'purchaseDate', 'dateInvalid'],
    ]);
    expect(preview.errors[0].params).toEqual({ value: '1,000' });
    const saved = await importInto(id, {
      kind: 'holdings',
      csv: [header, ...good].join('\r\n'),
      commit: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const list = (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings;
    expect(
      list.map((h: Record<string, string>) => [
        h.symbol,
        h.quantity,
        h.purchasePrice,
        h.currentPrice,
        h.purchaseDate,
      ]),
    ).toEqual([
      ['BTC', '0.12345678', '30000', '60000.5', '2023-05-01'],
      ['AAPL', '1234.5', '1234.56', '180.25', '2024-01-15'],
    ]);

    // Transactions too, with a lot selection written the French way.
    const trades = [
      'assetSymbol;transactionType;quantity;price;fees;tradeDate;ref;costBasisMethod;selectedLots',
      'AAPL;achat;5;160,5;1 000,25;01/02/2024;b1;;',
      'AAPL;vente;2,5;200;0;01/03/2024;;specific_id;b1:2,5',
    ].join('\n');
    const imported = await importInto(id, { kind: 'transactions', csv: trades, commit: true });
    expect(imported.statusCode, imported.body).toBe(201);
    const rows = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, id), eq(transactions.tradeDate, '2024-02-01')));
    expect(rows.map((row) => [row.price, row.fees])).toEqual([['160.5', '1000.25']]);
    const [sale] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, id), eq(transactions.transactionType, 'sell')));
    expect(sale).toMatchObject({ quantity: '2.5', tradeDate: '2024-03-01' });
    expect(sale?.selectedLots).toEqual([{ lotId: rows[0]?.id, quantity: '2.5' }]);
  });

  it('refuses text decoded in the wrong encoding, naming its line, and saves nothing', async () => {
    const id = await portfolio();
    const file =
      'class;name;symbol;quantity;purchasePrice;currentPrice;purchaseDate\nmarket;Soci\uFFFDt\uFFFD G\uFFFDn\uFFFDrale;GLE;1;1;1;2024-01-01\n';
    const preview = (await importInto(id, { kind: 'holdings', csv: file })).json();
    expect(preview.valid).toBe(false);
    expect(preview.errors).toEqual([
      {
        row: 2,
        field: null,
        code: 'encodingInvalid',
        params: null,
        message:
          'The file is not in a supported encoding: save it as CSV UTF-8 (or Windows-1252) and try again',
      },
    ]);
    const refused = await importInto(id, { kind: 'holdings', csv: file, commit: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.errors[0].code).toBe('encodingInvalid');
    expect(await counts(id)).toEqual({ holdings: 0, transactions: 0, lots: 0, audit: 0 });
  });

  it('names a row it cannot read: an unclosed quote, more cells than columns', async () => {
    const id = await portfolio();
    const unclosed = (
      await importInto(id, {
        kind: 'holdings',
        csv: 'class,name,symbol\nmarket,Apple,AAPL\nmarket,"Broken,BRK\n',
      })
    ).json();
    expect(unclosed.valid).toBe(false);
    expect(unclosed.errors).toContainEqual(
      expect.objectContaining({ row: 3, field: null, code: 'malformedRow' }),
    );
    const wide = (
      await importInto(id, { kind: 'holdings', csv: 'class,name\nmarket,Apple,extra\n' })
    ).json();
    expect(wide.errors).toContainEqual(
      expect.objectContaining({
        row: 2,
        code: 'malformedRow',
        params: { reason: '3 cells for 2 columns' },
      }),
    );
    const refused = await importInto(id, {
      kind: 'holdings',
      csv: 'class,name,symbol\nmarket,"Broken,BRK\n',
      commit: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(await counts(id)).toEqual({ holdings: 0, transactions: 0, lots: 0, audit: 0 });
  });

  it(`lists the first ${IMPORT_MAX_ERRORS} errors and counts them all`, async () => {
    const id = await portfolio();
    const file = csv([
      ['assetName', 'transactionType', 'quantity', 'price', 'tradeDate'],
      ...Array.from({ length: 600 }, () => ['Nothing', 'buy', '1', '1', '2024-01-01']),
    ]);
    const preview = (await importInto(id, { kind: 'transactions', csv: file })).json();
    expect(preview.errorCount).toBe(600);
    expect(preview.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(preview.errors.at(-1)).toMatchObject({
      row: IMPORT_MAX_ERRORS + 1,
      code: 'assetNotFound',
    });
    const refused = await importInto(id, { kind: 'transactions', csv: file, commit: true });
    expect(refused.json().error.details.errorCount).toBe(600);
    expect(refused.json().error.details.errors).toHaveLength(IMPORT_MAX_ERRORS);
  });
});

describe('import commit', () => {
  const holdingsFile = (badQuantity: string) =>
    csv([
      [
        'class',
        'name',
        'symbol',
        'quantity',
        'purchasePrice',
        'currentPrice',
        'purchaseDate',
        'type',
      ],
      ['market', 'Apple Inc.', 'AAPL', '10', '150', '180', '2024-01-10', ''],
      ['crypto', 'Bitcoin', 'btc', '0.5', '30000', '60000', '2023-05-01', ''],
      ['market', 'Microsoft', 'MSFT', badQuantity, '300', '400', '2024-02-01', ''],
      ['generic', 'Gold bar', '', '1', '1800', '2300', '2022-01-01', 'commodity'],
    ]);

  it('saves nothing when one row is bad, names its row; the fixed file saves all', async () => {
    const id = await portfolio();
    await add(id, market({ symbol: 'TSLA', name: 'Tesla' }));
    const before = await counts(id);
    const bad = await importInto(id, { kind: 'holdings', csv: holdingsFile('0'), commit: true });
    expect(bad.statusCode).toBe(400);
    const error = bad.json().error;
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.details.errors).toEqual([
      {
        row: 4,
        field: 'quantity',
        message: 'Share quantity must be positive',
        code: 'shareQuantityPositive',
        params: null,
      },
    ]);
    expect(error.details.errorCount).toBe(1);
    expect(await counts(id)).toEqual(before);

    const fixed = await importInto(id, { kind: 'holdings', csv: holdingsFile('4'), commit: true });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json()).toEqual({ kind: 'holdings', imported: 4 });
    const list = (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings;
    expect(list.map((h: { name: string; quantity: string }) => [h.name, h.quantity])).toEqual([
      ['Bitcoin', '0.5'],
      ['Gold bar', '1'],
      ['Apple Inc.', '10'],
      ['Microsoft', '4'],
      ['Tesla', '10'],
    ]);
    // Each with its opening buy and lot, and audit rows.
    expect(await counts(id)).toEqual({
      holdings: 5,
      transactions: 5,
      lots: 5,
      audit: before.audit + 8,
    });
  });

  it('imports transactions by asset name and symbol; a sale above the holding is refused with its row', async () => {
    const id = await portfolio();
    await add(id, market());
    await add(id, market({ symbol: 'MSFT', name: 'Microsoft', quantity: '5' }));
    const file = (sold: string) =>
      csv([
        ['Asset', 'Ticker', 'Type', 'Qty', 'Price', 'Fees', 'Date', 'Method'],
        ['Apple Inc.', '', 'buy', '5', '160', '1.5', '2024-02-01', ''],
        ['', 'msft', 'achat', '5', '310', '0', '2024-02-02', ''],
        ['Apple Inc.', 'AAPL', 'sell', sold, '200', '2', '2024-03-01', 'lifo'],
        ['Microsoft', '', 'dividend', '10', '0.75', '', '2024-04-01', ''],
      ]);
    const before = await counts(id);
    const preview = (await importInto(id, { kind: 'transactions', csv: file('16') })).json();
    expect(preview.mapping).toEqual({
      assetName: 'Asset',
      assetSymbol: 'Ticker',
      transactionType: 'Type',
      quantity: 'Qty',
      price: 'Price',
      fees: 'Fees',
      tradeDate: 'Date',
      costBasisMethod: 'Method',
    });
    expect(preview.errors).toEqual([
      {
        row: 4,
        field: null,
        message: 'Insufficient balance. Available: 15, Requested: 16',
        code: 'INSUFFICIENT_BALANCE',
        params: { available: '15', requested: '16' },
      },
    ]);
    const refused = await importInto(id, { kind: 'transactions', csv: file('16'), commit: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.errors[0].row).toBe(4);
    expect(await counts(id)).toEqual(before);

    const saved = await importInto(id, { kind: 'transactions', csv: file('15'), commit: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ kind: 'transactions', imported: 4 });
    const list = (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings;
    expect(list.map((h: { symbol: string; quantity: string }) => [h.symbol, h.quantity])).toEqual([
      ['AAPL', '0'],
      ['MSFT', '10'],
    ]);
    const sale = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, id), eq(transactions.transactionType, 'sell')));
    expect(sale[0]).toMatchObject({ costBasisMethod: 'lifo', settlementDate: '2024-03-03' });
    const tax = await db()
      .select()
      .from(taxCalculations)
      .where(eq(taxCalculations.portfolioId, id));
    expect(tax).toHaveLength(2);
    expect(await counts(id)).toMatchObject({ transactions: 6, audit: before.audit + 4 });
  });

  it('refuses a sale, a transfer or a second buy of a savings account on its row (its balance moves by movements)', async () => {
    const id = await portfolio();
    await add(id, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '5000',
      openingDate: '2019-01-01',
      interestRate: '3',
    });
    const before = await counts(id);
    // It has its opening buy already (added by hand): another buy is refused too.
    const file = csv([
      ['Asset', 'Type', 'Qty', 'Price', 'Date'],
      ['Livret A', 'sell', '100', '1', '2024-03-01'],
      ['Livret A', 'transfer', '50', '1', '2024-03-02'],
      ['Livret A', 'buy', '500', '1', '2024-03-03'],
    ]);
    const preview = (await importInto(id, { kind: 'transactions', csv: file })).json();
    expect(
      preview.errors.map((error: { row: number; code: string }) => [error.row, error.code]),
    ).toEqual([
      [2, 'SAVINGS_TRADE_REFUSED'],
      [3, 'SAVINGS_TRADE_REFUSED'],
      [4, 'SAVINGS_TRADE_REFUSED'],
    ]);
    const refused = await importInto(id, { kind: 'transactions', csv: file, commit: true });
    expect(refused.statusCode).toBe(400);
    expect(await counts(id)).toEqual(before);
  });

  it('reports unknown and ambiguous assets, bad values and duplicate refs on their rows', async () => {
    const id = await portfolio();
    const apple = await add(id, market());
    await add(id, market({ name: 'Apple (second account)' }));
    const file = csv([
      ['assetName', 'assetSymbol', 'transactionType', 'quantity', 'price', 'tradeDate', 'ref'],
      ['Nothing', '', 'buy', '1', '1', '2024-01-01', 'a'],
      ['', 'AAPL', 'buy', '1', '1', '2024-01-01', 'b'],
      ['Apple Inc.', 'AAPL', 'swap', '1', '1', '2024-01-01', 'c'],
      ['Apple Inc.', 'AAPL', 'buy', '1', '-1', '30/02/2024', 'c'],
      ['Apple Inc.', 'AAPL', 'buy', '', '1', '2024-01-01', ''],
    ]);
    const byId = (
      await importInto(id, {
        kind: 'transactions',
        csv: csv([
          ['assetId', 'transactionType', 'quantity', 'price', 'tradeDate'],
          [apple.id, 'buy', '1', '1', '2024-01-01'],
          [randomUUID(), 'buy', '1', '1', '2024-01-01'],
        ]),
      })
    ).json();
    expect(byId.errors).toEqual([expect.objectContaining({ row: 3, code: 'assetNotFound' })]);
    const preview = (await importInto(id, { kind: 'transactions', csv: file })).json();
    expect(
      preview.errors.map((e: { row: number; field: string; code: string }) => [
        e.row,
        e.field,
        e.code,
      ]),
    ).toEqual([
      [2, 'assetName', 'assetNotFound'],
      [3, 'assetSymbol', 'assetAmbiguous'],
      [4, 'transactionType', 'transactionTypeInvalid'],
      [5, 'ref', 'duplicateRef'],
      [5, 'price', 'priceNegative'],
      [5, 'tradeDate', 'dateInvalid'],
      [6, 'quantity', 'required'],
    ]);
  });

  it('holds to the plan’s asset limit: shown on the first row beyond it, refused on commit', async () => {
    const id = await portfolio();
    for (let index = 0; index < 8; index += 1) {
      await add(id, market({ symbol: `S${index}`, name: `Stock ${index}` }));
    }
    const file = csv([
      ['class', 'name', 'symbol', 'quantity', 'purchasePrice', 'currentPrice', 'purchaseDate'],
      ['market', 'One', 'ONE', '1', '1', '1', '2024-01-01'],
      ['market', 'Two', 'TWO', '1', '1', '1', '2024-01-01'],
      ['market', 'Three', 'THREE', '1', '1', '1', '2024-01-01'],
    ]);
    const preview = (await importInto(id, { kind: 'holdings', csv: file })).json();
    expect(preview.errors).toEqual([
      expect.objectContaining({
        row: 4,
        code: 'TIER_ASSET_LIMIT',
        params: { tier: 'free', limit: '10' },
      }),
    ]);
    const before = await counts(id);
    const refused = await importInto(id, { kind: 'holdings', csv: file, commit: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TIER_ASSET_LIMIT');
    expect(await counts(id)).toEqual(before);
    await db()
      .update(subscriptions)
      .set({ tier: 'classic' })
      .where(eq(subscriptions.userId, ownerId));
    try {
      const saved = await importInto(id, { kind: 'holdings', csv: file, commit: true });
      expect(saved.statusCode).toBe(201);
    } finally {
      await db()
        .update(subscriptions)
        .set({ tier: 'free' })
        .where(eq(subscriptions.userId, ownerId));
    }
  });
  it('tells holdings of one class, name and symbol apart by assetRef; a file without it is ambiguous', async () => {
    const source = await portfolio('Two brokers');
    const degiro = await add(source, market({ exchange: 'NASDAQ', notes: 'Degiro' }));
    const bourso = await add(
      source,
      market({ exchange: 'NYSE', notes: 'Boursorama', quantity: '3' }),
    );
    await trade(source, {
      assetId: degiro.id,
      transactionType: 'buy',
      quantity: '7',
      price: '160',
      tradeDate: '2024-02-01',
    });
    await trade(source, {
      assetId: bourso.id,
      transactionType: 'sell',
      quantity: '1',
      price: '190',
      tradeDate: '2024-03-01',
    });
    const assets = (await exportOf(source, 'assets')).body;
    const history = (await exportOf(source, 'transactions')).body;
    const target = await portfolio('Two brokers, restored');
    const saved = await importInto(target, {
      kind: 'holdings',
      csv: assets,
      openingTransactions: false,
      commit: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const imported = await importInto(target, { kind: 'transactions', csv: history, commit: true });
    expect(imported.statusCode, imported.body).toBe(201);
    const byNotes = async (id: string) =>
      Object.fromEntries(
        (
          (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings as {
            quantity: string;
            details: { notes: string };
          }[]
        ).map((h) => [h.details.notes, h.quantity]),
      );
    expect(await byNotes(target)).toEqual({ Degiro: '17', Boursorama: '2' });
    expect(await byNotes(target)).toEqual(await byNotes(source));
    // Back into the portfolio it came from, the refs are the holdings' own ids.
    const home = (await importInto(source, { kind: 'transactions', csv: history })).json();
    expect(home.errors).toEqual([]);
    expect(home.valid).toBe(true);

    // Without the reference, the same rows name two assets.
    const byName = csv([
      [
        'assetClass',
        'assetName',
        'assetSymbol',
        'transactionType',
        'quantity',
        'price',
        'tradeDate',
      ],
      ['market', 'Apple Inc.', 'AAPL', 'buy', '1', '150', '2024-05-01'],
    ]);
    const ambiguous = (await importInto(target, { kind: 'transactions', csv: byName })).json();
    expect(ambiguous.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'assetName', code: 'assetAmbiguous' }),
    ]);
    // The same holdings file again is refused: its assets are already here.
    const again = (await importInto(target, { kind: 'holdings', csv: assets })).json();
    expect(again.errors.map((e: { row: number; code: string }) => [e.row, e.code])).toEqual([
      [2, 'assetRefImported'],
      [3, 'assetRefImported'],
    ]);
    // A ref used twice in one file is refused on its second row.
    const lines = assets.slice(1).split('\r\n');
    const twice = [lines[0], lines[1], lines[1]].join('\r\n');
    const duplicate = (
      await importInto(await portfolio('Third'), { kind: 'holdings', csv: twice })
    ).json();
    expect(duplicate.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'assetRef', code: 'duplicateRef' }),
    ]);
  });

  it('imports back every current price the app accepts on edit, with or without opening purchases', async () => {
    const source = await portfolio('Values');
    const apple = await add(source, market());
    const flat = await add(source, {
      class: 'real_estate',
      propertyName: 'Studio',
      propertyType: 'apartment',
      address: '2 rue Neuve',
      purchasePrice: '100000',
      currentValue: '120000',
      purchaseDate: '2021-01-01',
    });
    const project = await add(source, {
      class: 'crowdfunding',
      platform: 'Anaxago',
      projectName: 'Résidence',
      amountInvested: '2000',
      investmentDate: '2022-01-01',
    });
    await patch(apple.id, { currentPrice: '180.123456789012' });
    await patch(flat.id, { currentPrice: '120000.55' });
    await patch(project.id, { currentPrice: '2100.75' });
    const file = (await exportOf(source, 'assets')).body;
    const prices = async (id: string) =>
      (
        (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings as {
          name: string;
          currentPrice: string;
        }[]
      ).map((h) => [h.name, h.currentPrice]);
    for (const openingTransactions of [true, false]) {
      const target = await portfolio(`Values ${openingTransactions}`);
      const res = await importInto(target, {
        kind: 'holdings',
        csv: file,
        openingTransactions,
        commit: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await prices(target)).toEqual(await prices(source));
    }
  });

  it('imports savings movements with the savings rules: tax withheld, balance, early withdrawal', async () => {
    const id = await portfolio('Savings');
    const bleu = await add(id, {
      class: 'savings',
      accountName: 'Livret Bleu',
      bankName: 'Crédit Mutuel',
      accountType: 'savings',
      currentBalance: '1000',
      openingDate: '2020-01-01',
      maturityDate: '2030-01-01',
      earlyWithdrawalPenaltyRate: '2',
      taxRate: '0.3',
    });
    const livretA = await add(id, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '100',
      openingDate: '2020-01-01',
    });
    const header = 'accountName;transactionType;transactionDate;amount;notes';
    const good = [
      'Livret Bleu;dépôt;15/01/2024;1 000,50;prime',
      'Livret Bleu;intérêts;31/12/2024;100;',
      'Livret A;interest;31/12/2024;3;',
    ];
    const file = [
      header,
      ...good,
      'Livret A;retrait;01/02/2024;150;',
      'Livret Bleu;retrait;01/03/2024;10;',
      'Livret Orange;fee;01/03/2024;1;',
    ].join('\n');
    const preview = (await importInto(id, { kind: 'savings-movements', csv: file })).json();
    expect(preview.mapping).toEqual({
      accountName: 'accountName',
      transactionType: 'transactionType',
      transactionDate: 'transactionDate',
      amount: 'amount',
      notes: 'notes',
    });
    expect(
      preview.errors.map((e: { row: number; field: string | null; code: string }) => [
        e.row,
        e.field,
        e.code,
      ]),
    ).toEqual([
      [5, null, 'INSUFFICIENT_BALANCE'],
      [6, null, 'EARLY_WITHDRAWAL_PENALTY'],
      [7, 'accountName', 'assetNotFound'],
    ]);
    // Livret A holds 100 + 3 (exempt: nothing withheld) when the withdrawal comes.
    expect(preview.errors[0].params).toEqual({ available: '103', requested: '150' });
    expect(preview.errors[1].params).toEqual({ amount: '0.20', currency: 'EUR' });
    const refused = await importInto(id, { kind: 'savings-movements', csv: file, commit: true });
    expect(refused.statusCode).toBe(400);
    const movements = () =>
      db()
        .select()
        .from(savingsTransactions)
        .where(inArray(savingsTransactions.holdingId, [bleu.id, livretA.id]))
        .orderBy(asc(savingsTransactions.createdAt));
    expect(await movements()).toEqual([]);

    const saved = await importInto(id, {
      kind: 'savings-movements',
      csv: [header, ...good, 'Livret A;retrait;01/02/2025;50;'].join('\n'),
      commit: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ kind: 'savings-movements', imported: 4 });
    expect(
      (await movements()).map((row) => [
        row.holdingId === bleu.id ? 'bleu' : 'A',
        row.transactionType,
        row.transactionDate,
        toPlain(row.amount),
        toPlain(row.taxWithheld),
        row.notes,
      ]),
    ).toEqual([
      ['bleu', 'deposit', '2024-01-15', '1000.5', '0', 'prime'],
      ['bleu', 'interest', '2024-12-31', '100', '30', null],
      ['A', 'interest', '2024-12-31', '3', '0', null],
      ['A', 'withdrawal', '2025-02-01', '50', '0', null],
    ]);
    const balances = Object.fromEntries(
      (
        (await owner.get(`/api/v1/portfolios/${id}/holdings?class=savings`)).json().holdings as {
          name: string;
          quantity: string;
        }[]
      ).map((h) => [h.name, h.quantity]),
    );
    expect(balances).toEqual({ 'Livret Bleu': '2070.5', 'Livret A': '53' });
  });

  it('imports rate changes in file order, as the rate form records them', async () => {
    const id = await portfolio('Rates');
    const account = await add(id, {
      class: 'savings',
      accountName: 'LDD',
      bankName: 'BNP',
      accountType: 'ldd',
      currentBalance: '500',
      openingDate: '2020-01-01',
      interestRate: '1',
    });
    const file = (rate: string) =>
      csv([
        ['accountName', 'startDate', 'interestRate', 'compoundingFrequency', 'notes'],
        ['LDD', '01/02/2023', '3', 'Quarterly', 'raise'],
        ['LDD', '2024-02-01', rate, '', ''],
      ]);
    const bad = (await importInto(id, { kind: 'savings-rates', csv: file('150') })).json();
    expect(bad.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'interestRate', code: 'interestRateMax' }),
    ]);
    const saved = await importInto(id, { kind: 'savings-rates', csv: file('0'), commit: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const rates = await db()
      .select()
      .from(savingsInterestRates)
      .where(eq(savingsInterestRates.holdingId, account.id))
      .orderBy(asc(savingsInterestRates.startDate));
    expect(
      rates.map((r) => [
        toPlain(r.interestRate),
        r.compoundingFrequency,
        r.startDate,
        r.endDate,
        r.notes,
      ]),
    ).toEqual([
      ['0.01', 'monthly', '2020-01-01', '2023-02-01', null],
      ['0.03', 'quarterly', '2023-02-01', '2024-02-01', 'raise'],
    ]);
    const [holding] = await db().select().from(holdings).where(eq(holdings.id, account.id));
    expect(holding?.details).toMatchObject({
      interestRate: '0',
      compoundingFrequency: 'quarterly',
    });
  });

  it('refuses dates out of range or after today on their rows, in every kind of file', async () => {
    const id = await portfolio('Dates');
    await add(id, market());
    await add(id, {
      class: 'savings',
      accountName: 'Livret',
      bankName: 'Banque',
      accountType: 'livret_a',
      currentBalance: '500',
      openingDate: '2020-01-01',
    });
    const future = new Date(Date.parse(`${latestToday()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await counts(id);
    const issues = async (kind: string, lines: string[][]) => {
      const res = await importInto(id, { kind, csv: csv(lines), commit: true });
      expect(res.statusCode, res.body).toBe(400);
      return res
        .json()
        .error.details.errors.map((error: { row: number; field: string; code: string }) => [
          error.row,
          error.field,
          error.code,
        ]);
    };
    expect(
      await issues('holdings', [
        ['class', 'name', 'symbol', 'quantity', 'purchasePrice', 'currentPrice', 'purchaseDate'],
        ['market', 'Old', 'OLD', '1', '10', '10', '0000-01-01'],
        ['market', 'Later', 'LTR', '1', '10', '10', future],
        ['market', 'Far', 'FAR', '1', '10', '10', '9999-12-31'],
        ['market', 'Fine', 'FIN', '1', '10', '10', '1900-01-01'],
      ]),
    ).toEqual([
      [2, 'purchaseDate', 'dateOutOfRange'],
      [3, 'purchaseDate', 'dateInFuture'],
      [4, 'purchaseDate', 'dateOutOfRange'],
    ]);
    expect(
      await issues('transactions', [
        ['assetSymbol', 'transactionType', 'quantity', 'price', 'tradeDate', 'settlementDate'],
        ['AAPL', 'buy', '1', '10', future, ''],
        ['AAPL', 'buy', '1', '10', '1899-12-31', ''],
        ['AAPL', 'buy', '1', '10', '2024-01-10', '3000-01-02'],
        ['AAPL', 'buy', '1', '10', latestToday(), future],
      ]),
    ).toEqual([
      [2, 'tradeDate', 'dateInFuture'],
      [3, 'tradeDate', 'dateOutOfRange'],
      [4, 'settlementDate', 'dateOutOfRange'],
    ]);
    expect(
      await issues('savings-movements', [
        ['accountName', 'transactionType', 'transactionDate', 'amount'],
        ['Livret', 'deposit', future, '10'],
        ['Livret', 'deposit', '0001-01-01', '10'],
      ]),
    ).toEqual([
      [2, 'transactionDate', 'dateInFuture'],
      [3, 'transactionDate', 'dateOutOfRange'],
    ]);
    expect(
      await issues('savings-rates', [
        ['accountName', 'startDate', 'interestRate'],
        ['Livret', future, '3'],
      ]),
    ).toEqual([[2, 'startDate', 'dateInFuture']]);
    expect(await counts(id)).toEqual(before);
  });

  it('refuses a rate change starting before the one before it or before the opening, by row', async () => {
    const id = await portfolio('Rate order');
    await add(id, {
      class: 'savings',
      accountName: 'PEL',
      bankName: 'LCL',
      accountType: 'pel',
      currentBalance: '500',
      openingDate: '2020-01-01',
      interestRate: '1',
    });
    const file = csv([
      ['accountName', 'startDate', 'interestRate'],
      ['PEL', '2024-06-01', '3'],
      ['PEL', '2024-01-01', '2'],
      ['PEL', '2019-06-01', '2'],
      ['PEL', '2024-07-01', '0'],
      ['PEL', '2024-06-15', '1'],
    ]);
    const preview = (await importInto(id, { kind: 'savings-rates', csv: file })).json();
    expect(
      preview.errors.map((error: { row: number; code: string; params: unknown }) => [
        error.row,
        error.code,
        error.params,
      ]),
    ).toEqual([
      [3, 'RATE_START_TOO_EARLY', { date: '2024-06-01' }],
      [4, 'RATE_START_TOO_EARLY', { date: '2024-06-01' }],
      // A change to 0 is a change too: nothing may start before it.
      [6, 'RATE_START_TOO_EARLY', { date: '2024-07-01' }],
    ]);
    const before = await db().select().from(savingsInterestRates);
    const refused = await importInto(id, { kind: 'savings-rates', csv: file, commit: true });
    expect(refused.statusCode).toBe(400);
    expect(await db().select().from(savingsInterestRates)).toEqual(before);
  });
});

/**
 * What a portfolio view holds, without ids and times: holdings (every field the API answers),
 * transactions, lots and tax rows, and the savings accounts' movements and rate records.
 * Amounts are compared as exact decimal strings (trailing zeros aside), never as JS numbers; a
 * holding is named by its class, name and fields, so two of one name stay apart.
 */
async function state(portfolioId: string, simulationId: string | null = null) {
  const query = simulationId ? `?sim=${simulationId}` : '';
  const held = (await owner.get(`/api/v1/portfolios/${portfolioId}/holdings${query}`)).json()
    .holdings as Record<string, unknown>[];
  const keyOf = new Map(
    held.map((h) => [h.id as string, `${h.class}:${h.name}:${JSON.stringify(h.details)}`]),
  );
  const inView = (column: Parameters<typeof simulationIs>[0]) => simulationIs(column, simulationId);
  const rows = await db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.portfolioId, portfolioId), inView(transactions.simulationId)))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const idToKey = new Map(rows.map((row, index) => [row.id, `#${index}`]));
  const ledger = rows.map((row) => {
    const {
      id,
      userId: _user,
      portfolioId: _p,
      simulationId: _s,
      holdingId,
      createdAt: _c,
      updatedAt: _u,
      selectedLots,
      ...rest
    } = row;
    return {
      key: idToKey.get(id),
      asset: keyOf.get(holdingId),
      ...rest,
      quantity: toPlain(rest.quantity),
      price: toPlain(rest.price),
      fees: toPlain(rest.fees),
      exchangeRateToBase: toPlain(rest.exchangeRateToBase),
      selectedLots: selectedLots?.map((lot) => ({
        lotId: idToKey.get(lot.lotId),
        quantity: toPlain(lot.quantity),
      })),
    };
  });
  const lots = (
    await db()
      .select()
      .from(transactionLots)
      .where(
        and(eq(transactionLots.portfolioId, portfolioId), inView(transactionLots.simulationId)),
      )
  )
    .map(
      ({
        id,
        holdingId,
        portfolioId: _p,
        simulationId: _s,
        createdAt: _c,
        updatedAt: _u,
        ...rest
      }) => ({ buy: idToKey.get(id), asset: keyOf.get(holdingId), ...rest }),
    )
    .sort((a, b) => String(a.buy).localeCompare(String(b.buy)));
  const tax = (
    await db()
      .select()
      .from(taxCalculations)
      .where(
        and(eq(taxCalculations.portfolioId, portfolioId), inView(taxCalculations.simulationId)),
      )
  )
    .map(
      ({
        id: _id,
        transactionId,
        lotId,
        portfolioId: _p,
        simulationId: _s,
        createdAt: _c,
        ...rest
      }) => ({ sale: idToKey.get(transactionId), lot: idToKey.get(lotId), ...rest }),
    )
    .sort((a, b) => `${a.sale}${a.lot}`.localeCompare(`${b.sale}${b.lot}`));
  const accounts = held.filter((h) => h.class === 'savings').map((h) => String(h.id));
  const movements = accounts.length
    ? (
        await db()
          .select()
          .from(savingsTransactions)
          .where(inArray(savingsTransactions.holdingId, accounts))
          .orderBy(asc(savingsTransactions.createdAt), asc(savingsTransactions.id))
      ).map((row) => ({
        account: keyOf.get(row.holdingId),
        transactionType: row.transactionType,
        transactionDate: row.transactionDate,
        amount: toPlain(row.amount),
        taxWithheld: toPlain(row.taxWithheld),
        notes: row.notes,
      }))
    : [];
  const rates = accounts.length
    ? (
        await db()
          .select()
          .from(savingsInterestRates)
          .where(inArray(savingsInterestRates.holdingId, accounts))
          .orderBy(
            asc(savingsInterestRates.startDate),
            asc(savingsInterestRates.createdAt),
            asc(savingsInterestRates.id),
          )
      ).map(({ id: _id, holdingId, createdAt: _c, interestRate, ...rest }) => ({
        account: keyOf.get(holdingId),
        interestRate: toPlain(interestRate),
        ...rest,
      }))
    : [];
  const strip = ({
    id: _id,
    portfolioId: _p,
    simulationId: _s,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  }: Record<string, unknown>) => rest;
  return {
    holdings: held
      .map((holding) => ({ key: keyOf.get(String(holding.id)), ...strip(holding) }))
      .sort((a, b) => String(a.key).localeCompare(String(b.key))),
    transactions: ledger,
    lots,
    tax,
    movements,
    rates,
  };
}

/**
 * A file's rows with each holding reference replaced by the holding's position in its holdings
 * file, and each transaction ref by its position: what must match between two portfolios.
 */
function comparable(text: string, holdingsFile: string) {
  const position = new Map(
    rowsOf(holdingsFile).rows.map((row, index) => [row.assetRef, `holding ${index}`]),
  );
  const { rows } = rowsOf(text);
  const refs = new Map(rows.map((row, index) => [row.ref, `#${index}`]));
  return rows.map((row) => ({
    ...row,
    ...(row.assetRef === undefined ? {} : { assetRef: position.get(row.assetRef) }),
    ...(row.ref === undefined ? {} : { ref: refs.get(row.ref) }),
    ...(row.selectedLots === undefined
      ? {}
      : {
          selectedLots: row.selectedLots.replace(/[0-9a-f-]{36}/g, (ref) => refs.get(ref) ?? ref),
        }),
  }));
}

/** Imports the files of an export in their order; each must be valid and save every row. */
async function restore(
  target: string,
  files: Record<'assets' | 'transactions' | 'savings-rates' | 'savings-movements', string>,
  simulationId?: string,
) {
  const steps = [
    { kind: 'holdings', csv: files.assets, openingTransactions: false },
    { kind: 'transactions', csv: files.transactions },
    { kind: 'savings-rates', csv: files['savings-rates'] },
    { kind: 'savings-movements', csv: files['savings-movements'] },
  ];
  for (const step of steps) {
    // A portfolio without savings accounts exports empty savings files: nothing to import.
    if (rowsOf(step.csv).rows.length === 0) continue;
    const preview = (await importInto(target, step, owner, simulationId)).json();
    expect([step.kind, preview.errors]).toEqual([step.kind, []]);
    const saved = await importInto(target, { ...step, commit: true }, owner, simulationId);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().imported).toBe(rowsOf(step.csv).rows.length);
  }
}

const EXPORTED = ['assets', 'transactions', 'savings-rates', 'savings-movements'] as const;

async function exportAll(portfolioId: string, simulationId?: string) {
  const files = {} as Record<(typeof EXPORTED)[number], string>;
  for (const kind of EXPORTED) {
    const res = await exportOf(portfolioId, kind, owner, simulationId);
    expect(res.statusCode).toBe(200);
    files[kind] = res.body;
  }
  return files;
}

describe('round trip', () => {
  it('export of every file, imported into an empty portfolio, reproduces it exactly', async () => {
    const source = await portfolio('Source');
    // Two holdings of one class, name and symbol (two brokers), every optional field set.
    const apple = await add(
      source,
      market({
        name: '=Apple "Inc", the one',
        quantity: '10.123456',
        sector: 'Technology',
        exchange: 'NASDAQ',
        currency: 'USD',
        notes: "'=typed by hand",
      }),
    );
    const appleTwo = await add(
      source,
      market({
        name: '=Apple "Inc", the one',
        quantity: '4',
        exchange: 'NYSE',
        currency: 'EUR',
        notes: 'second broker',
      }),
    );
    await patch(apple.id, { status: 'closed', currentPrice: '190.123456789012' });
    const extraBuy = await trade(source, {
      assetId: apple.id,
      transactionType: 'buy',
      quantity: '5',
      price: '170.123456',
      fees: '4.99',
      currency: 'USD',
      exchangeRateToBase: '0.92',
      tradeDate: '2024-02-15',
      broker: 'Degiro',
      accountId: 'ACC-1',
      notes: 'second, "bigger" lot\nwith a line break',
    });
    // Same day as a buy: the order they were recorded in decides the lots.
    await trade(source, {
      assetId: apple.id,
      transactionType: 'buy',
      quantity: '2',
      price: '171',
      tradeDate: '2024-05-02',
    });
    await trade(source, {
      assetId: apple.id,
      transactionType: 'sell',
      quantity: '3',
      price: '200',
      fees: '1',
      tradeDate: '2024-05-02',
    });
    await trade(source, {
      assetId: apple.id,
      transactionType: 'sell',
      quantity: '4',
      price: '210',
      tradeDate: '2024-06-01',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: extraBuy.id, quantity: '4' }],
    });
    await trade(source, {
      assetId: apple.id,
      transactionType: 'sell',
      quantity: '1',
      price: '215',
      tradeDate: '2024-07-01',
      costBasisMethod: 'average_cost',
    });
    await trade(source, {
      assetId: apple.id,
      transactionType: 'dividend',
      quantity: '9',
      price: '0.24',
      tradeDate: '2024-08-01',
      status: 'pending',
    });
    await trade(source, {
      assetId: apple.id,
      transactionType: 'sell',
      quantity: '1',
      price: '1',
      tradeDate: '2024-08-02',
      status: 'cancelled',
    });
    await trade(source, {
      assetId: appleTwo.id,
      transactionType: 'sell',
      quantity: '1.5',
      price: '205.5',
      fees: '0.5',
      tradeDate: '2024-09-01',
    });
    // 8 decimals: the crypto rule.
    const btc = await add(source, {
      class: 'crypto',
      symbol: 'btc',
      name: 'Bitcoin',
      quantity: '0.12345678',
      purchasePrice: '30000.5',
      currentPrice: '60000',
      purchaseDate: '2023-05-01',
      walletAddress: 'bc1qxyz',
      exchange: 'Kraken',
      currency: 'EUR',
      notes: 'cold wallet',
    });
    await trade(source, {
      assetId: btc.id,
      transactionType: 'sell',
      quantity: '0.02345678',
      price: '65000.12',
      fees: '0.00000001',
      exchangeRateToBase: '1.08523',
      tradeDate: '2024-09-01',
      costBasisMethod: 'lifo',
    });
    const flat = await add(source, {
      class: 'real_estate',
      propertyName: 'Flat in Lyon',
      propertyType: 'apartment',
      address: '1 rue de la République',
      purchasePrice: '250000',
      currentValue: '270000',
      rentalIncome: '900.50',
      purchaseDate: '2020-03-15',
      size: '62.5',
      sizeUnit: 'sqft',
      bedrooms: 2,
      bathrooms: 1,
      latitude: 45.764,
      longitude: -4.8357,
      city: 'Lyon',
      state: 'Auvergne-Rhône-Alpes',
      zipCode: '69002',
      country: 'France',
      description: 'Top floor',
      currency: 'EUR',
    });
    await patch(flat.id, { symbol: 'LYON-1', currentPrice: '271000.55' });
    await add(source, {
      class: 'crowdfunding',
      platform: 'Enerfip',
      projectName: 'Solar farm',
      amountInvested: '1000',
      valuation: '1050.75',
      equityPercentage: '0.5',
      expectedReturn: '7',
      duration: 36,
      investmentDate: '2024-02-01',
      status: 'delayed',
      currency: 'EUR',
      notes: '+ bonus',
    });
    const livret = await add(source, {
      class: 'savings',
      accountName: 'Compte à terme',
      bankName: 'La Banque Postale',
      accountType: 'savings',
      accountNumber: '0042',
      currentBalance: '5000',
      openingDate: '2019-01-01',
      maturityDate: '2030-01-01',
      minimumBalance: '10',
      earlyWithdrawalPenaltyRate: '1.5',
      interestRate: '3',
      compoundingFrequency: 'annually',
      taxRate: '0.2',
      bankLogoUrl: 'https://example.com/logo.png',
      currency: 'EUR',
      notes: 'term account',
    });
    await movement(livret.id, {
      transactionType: 'deposit',
      amount: '250',
      transactionDate: '2024-01-05',
      notes: 'January',
    });
    await movement(livret.id, {
      transactionType: 'interest',
      amount: '100.55',
      transactionDate: '2024-12-31',
    });
    await movement(livret.id, {
      transactionType: 'fee',
      amount: '2',
      transactionDate: '2025-01-02',
    });
    // The tax rate changes after the interest was paid: the withheld 20.11 stays as it was.
    await patch(livret.id, { details: { taxRate: '0.25' } });
    await changeRate(livret.id, { interestRate: '2.5', startDate: '2023-02-01', notes: 'cut' });
    await changeRate(livret.id, { interestRate: '0', startDate: '2023-08-01' });
    await changeRate(livret.id, {
      interestRate: '3.25',
      compoundingFrequency: 'monthly',
      startDate: '2024-02-01',
    });
    const livretA = await add(source, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'Caisse d’Épargne',
      accountType: 'livret_a',
      currentBalance: '100',
      openingDate: '2020-06-01',
      interestRate: '1.7',
    });
    await movement(livretA.id, {
      transactionType: 'interest',
      amount: '1.70',
      transactionDate: '2020-12-31',
    });
    await movement(livretA.id, {
      transactionType: 'withdrawal',
      amount: '101.7',
      transactionDate: '2021-03-01',
    });
    await add(source, {
      class: 'generic',
      type: 'bond',
      symbol: 'OAT30',
      name: 'OAT 2030',
      description: 'French bond',
      quantity: '2',
      purchasePrice: '980',
      currentPrice: '1000',
      purchaseDate: '2024-06-01',
      maturityDate: '2030-11-25',
      dividendYield: '2.5',
      expenseRatio: '0.15',
      sector: 'Government',
      country: 'France',
      currency: 'EUR',
    });

    const files = await exportAll(source);
    const target = await portfolio('Target');
    await restore(target, files);

    const [before, after] = [await state(source), await state(target)];
    expect(after.transactions).toEqual(before.transactions);
    expect(after.lots).toEqual(before.lots);
    expect(after.tax).toEqual(before.tax);
    expect(after.holdings).toEqual(before.holdings);
    expect(after.movements).toEqual(before.movements);
    expect(after.rates).toEqual(before.rates);
    // The comparison compares something.
    expect(after.holdings).toHaveLength(8);
    expect(after.lots.length).toBeGreaterThan(6);
    expect(after.tax.length).toBeGreaterThan(4);
    expect(after.movements).toHaveLength(5);
    expect(after.rates).toHaveLength(4);
    expect(after.movements[1]).toMatchObject({ amount: '100.55', taxWithheld: '20.11' });
    expect(after.transactions.map((row) => row.quantity)).toContain('0.02345678');
    const balances = Object.fromEntries(
      (after.holdings as Record<string, unknown>[]).map((h) => [
        h.name,
        [h.quantity, h.currentPrice],
      ]),
    );
    expect(balances['Compte à terme']).toEqual(['5328.44', '1']);
    expect(balances['Flat in Lyon']).toEqual(['1', '271000.55']);
    expect(balances.Bitcoin).toEqual(['0.1', '60000']);

    // And the target exports the same files, but for its own ids.
    const again = await exportAll(target);
    for (const kind of EXPORTED) {
      expect([kind, comparable(again[kind], again.assets)]).toEqual([
        kind,
        comparable(files[kind], files.assets),
      ]);
    }
  });

  it('exports a simulation and imports it into another simulation, exactly', async () => {
    const source = await portfolio('Simulated source');
    const simulation = await insertSimulation(db(), source, ownerId, 'What if');
    const sim = `?sim=${simulation.id}`;
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/v1/${path}${sim}`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const { holding: first } = await post(`portfolios/${source}/holdings`, market());
    const { holding: second } = await post(
      `portfolios/${source}/holdings`,
      market({ exchange: 'NYSE', quantity: '2' }),
    );
    await post(`portfolios/${source}/transactions`, {
      assetId: first.id,
      transactionType: 'buy',
      quantity: '2.5',
      price: '151.25',
      tradeDate: '2024-03-01',
    });
    await post(`portfolios/${source}/transactions`, {
      assetId: second.id,
      transactionType: 'sell',
      quantity: '1',
      price: '200',
      tradeDate: '2024-04-01',
    });
    // The real portfolio holds something else, left out of the simulation's files.
    await add(source, market({ symbol: 'MSFT', name: 'Microsoft' }));
    const files = await exportAll(source, simulation.id);
    expect(rowsOf(files.assets).rows.map((row) => row.symbol)).toEqual(['AAPL', 'AAPL']);

    const target = await portfolio('Simulated target');
    const other = await insertSimulation(db(), target, ownerId, 'Copy');
    await restore(target, files, other.id);
    const [before, after] = [await state(source, simulation.id), await state(target, other.id)];
    expect(after).toEqual(before);
    expect(after.transactions).toHaveLength(4);
    expect(await counts(target)).toMatchObject({ holdings: 2, transactions: 4 });
    // Nothing reached the target's real portfolio.
    expect((await state(target)).holdings).toEqual([]);
    // And into an empty real portfolio.
    const plain = await portfolio('Plain target');
    await restore(plain, files);
    expect(await state(plain)).toEqual(before);
  });

  it('imports a holdings file with opening buys by default, and into a simulation', async () => {
    const source = await portfolio('Source 2');
    await add(source, market());
    const file = (await exportOf(source, 'market')).body;
    const target = await portfolio('Target 2');
    const simulation = await insertSimulation(db(), target, ownerId);
    const res = await importInto(
      target,
      { kind: 'holdings', csv: file, commit: true },
      owner,
      simulation.id,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db()
      .select()
      .from(holdings)
      .where(eq(holdings.simulationId, simulation.id));
    expect(row).toMatchObject({ name: 'Apple Inc.', quantity: '10', purchasePrice: '150' });
    const opening = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.holdingId, row?.id ?? randomUUID()));
    expect(opening).toHaveLength(1);
    expect(await counts(target)).toMatchObject({ holdings: 1, transactions: 1, lots: 1 });
    const real = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(holdings)
      .where(and(eq(holdings.portfolioId, target), sql`${holdings.simulationId} is null`));
    expect(real[0]?.n).toBe(0);
  });
});

describe('permissions', () => {
  it('stranger 404, read invitee exports but cannot import (403), edit invitee imports, anonymous 401', async () => {
    const id = await portfolio('Shared');
    await add(id, market());
    for (const [email, level] of [
      ['reader@example.com', 'read'],
      ['editor@example.com', 'edit'],
    ] as const) {
      await insertShare(db(), {
        portfolioId: id,
        ownerUserId: ownerId,
        email,
        permissionLevel: level,
        // Both see the portfolio's simulations.
        mode: 'all',
      });
    }
    const file = csv([
      ['class', 'name', 'symbol', 'quantity', 'purchasePrice', 'currentPrice', 'purchaseDate'],
      ['market', 'Nvidia', 'NVDA', '1', '100', '120', '2024-01-01'],
    ]);
    const anonymous = new Agent(t.app);
    const before = await counts(id);
    for (const kind of ['assets', 'transactions']) {
      const hidden = await exportOf(id, kind, stranger);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.headers['content-type']).toMatch(/^application\/json/);
      expect(hidden.headers['content-disposition']).toBeUndefined();
      expect(hidden.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
      expect((await exportOf(id, kind, anonymous)).statusCode).toBe(401);
      expect((await exportOf(id, kind, reader)).statusCode).toBe(200);
      expect((await exportOf(id, kind, editor)).statusCode).toBe(200);
    }
    for (const commit of [false, true]) {
      const body = { kind: 'holdings', csv: file, commit };
      const hidden = await importInto(id, body, stranger);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
      const refused = await importInto(id, body, reader);
      expect(refused.statusCode).toBe(403);
      expect((await importInto(id, body, anonymous)).statusCode).toBe(401);
    }
    expect(await counts(id)).toEqual(before);
    const saved = await importInto(id, { kind: 'holdings', csv: file, commit: true }, editor);
    expect(saved.statusCode).toBe(201);
    // In a simulation they can see: the read invitee exports every file, but cannot import.
    const simulation = await insertSimulation(db(), id, ownerId, 'Shared what-if');
    const simulated = await owner.post(`/api/v1/portfolios/${id}/holdings?sim=${simulation.id}`, {
      ...market({ symbol: 'SIM', name: 'Simulated' }),
    });
    expect(simulated.statusCode).toBe(201);
    for (const kind of ['assets', 'transactions', 'savings-movements', 'savings-rates']) {
      const res = await exportOf(id, kind, reader, simulation.id);
      expect([kind, res.statusCode]).toEqual([kind, 200]);
    }
    expect(rowsOf((await exportOf(id, 'assets', reader, simulation.id)).body).rows).toEqual([
      expect.objectContaining({ name: 'Simulated', symbol: 'SIM' }),
    ]);
    const simCounts = () =>
      db().select({ n: count() }).from(holdings).where(eq(holdings.simulationId, simulation.id));
    const inSimulation = await simCounts();
    for (const commit of [false, true]) {
      const refused = await importInto(
        id,
        { kind: 'holdings', csv: file, commit },
        reader,
        simulation.id,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    expect(await simCounts()).toEqual(inSimulation);
    const byEditor = await importInto(
      id,
      { kind: 'holdings', csv: file, commit: true },
      editor,
      simulation.id,
    );
    expect(byEditor.statusCode).toBe(201);
    // A simulation the caller cannot see is hidden too.
    const other = await portfolio('Other');
    expect((await exportOf(other, 'assets', owner, simulation.id)).statusCode).toBe(404);
    const hidden = await insertSimulation(db(), id, ownerId, 'Private');
    const { agent: outsider } = await registerUser(t.app, 'outsider@example.com');
    await insertShare(db(), {
      portfolioId: id,
      ownerUserId: ownerId,
      email: 'outsider@example.com',
      permissionLevel: 'read',
      mode: 'none',
    });
    expect((await exportOf(id, 'assets', outsider, hidden.id)).statusCode).toBe(404);
  });
});
