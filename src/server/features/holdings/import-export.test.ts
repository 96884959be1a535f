import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdings,
  subscriptions,
  taxCalculations,
  transactionAuditTrail,
  transactionLots,
  transactions,
} from '../../db/schema';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { escapeFormula, parseCsv, unescapeFormula } from './csv';
import { transactionBatch } from './export.service';

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

  it('numbers rows as a spreadsheet does: header row 1, blank rows counted', () => {
    const parsed = parseCsv('\uFEFFa;b\r\n1;2\r\n\r\n;\r\n"multi\nline";4\r\n5;6\r\n');
    expect(parsed.columns).toEqual(['a', 'b']);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.records.map((record) => record.row)).toEqual([2, 5, 6]);
    expect(parsed.issues).toEqual([]);
  });
});

describe('exports', () => {
  it('exports every holding with the common columns and each class’s fields, date-stamped', async () => {
    const id = await portfolio();
    await add(id, market());
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
    await add(id, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '5000',
      openingDate: '2019-01-01',
      interestRate: '3',
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
    const [apple] = rows.filter((row) => row.class === 'market');
    expect(apple).toMatchObject({
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
    const [livret] = rows.filter((row) => row.class === 'savings');
    expect(livret).toMatchObject({ name: 'Livret A', quantity: '5000', interestRate: '3' });
  });

  it('exports one class with that class’s create fields', async () => {
    const id = await portfolio();
    await add(id, market());
    await add(id, {
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
    ]);
    expect(rows).toHaveLength(total + 1);
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
      [4, 'quantity', 'quantityPositive'],
      [4, 'purchaseDate', 'purchaseDateRequired'],
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
        message: 'Quantity must be positive',
        code: 'quantityPositive',
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

  it('reports unknown and ambiguous assets, bad values and duplicate refs on their rows', async () => {
    const id = await portfolio();
    const apple = await add(id, market());
    await add(id, market({ name: 'Apple (second account)' }));
    const file = csv([
      ['assetName', 'assetSymbol', 'transactionType', 'quantity', 'price', 'tradeDate', 'ref'],
      ['Nothing', '', 'buy', '1', '1', '2024-01-01', 'a'],
      ['', 'AAPL', 'buy', '1', '1', '2024-01-01', 'b'],
      ['Apple Inc.', 'AAPL', 'swap', '1', '1', '2024-01-01', 'c'],
      ['Apple Inc.', 'AAPL', 'buy', '1', '-1', '01/02/2024', 'c'],
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
});

/** What a portfolio holds, without ids and times: holdings, transactions, lots and tax rows. */
async function state(portfolioId: string) {
  const held = (await owner.get(`/api/v1/portfolios/${portfolioId}/holdings`)).json()
    .holdings as Record<string, unknown>[];
  const nameOf = new Map(held.map((h) => [h.id as string, `${h.class}:${h.name}`]));
  const strip = ({
    id: _id,
    portfolioId: _p,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  }: Record<string, unknown>) => rest;
  const rows = await db()
    .select()
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const lotIdToKey = new Map<string, string>();
  const ledgerKeys = rows.map((row, index) => {
    lotIdToKey.set(row.id, `#${index}`);
    return `#${index}`;
  });
  const ledger = rows.map((row, index) => {
    const {
      id: _id,
      userId: _user,
      portfolioId: _p,
      holdingId,
      createdAt: _c,
      updatedAt: _u,
      selectedLots,
      ...rest
    } = row;
    return {
      key: ledgerKeys[index],
      asset: nameOf.get(holdingId),
      ...rest,
      quantity: Number(rest.quantity),
      price: Number(rest.price),
      fees: Number(rest.fees),
      exchangeRateToBase: Number(rest.exchangeRateToBase),
      selectedLots: selectedLots?.map((lot) => ({ ...lot, lotId: lotIdToKey.get(lot.lotId) })),
    };
  });
  const lots = (
    await db().select().from(transactionLots).where(eq(transactionLots.portfolioId, portfolioId))
  )
    .map(({ id, holdingId, portfolioId: _p, createdAt: _c, updatedAt: _u, ...rest }) => ({
      buy: lotIdToKey.get(id),
      asset: nameOf.get(holdingId),
      ...rest,
    }))
    .sort((a, b) => String(a.buy).localeCompare(String(b.buy)));
  const tax = (
    await db().select().from(taxCalculations).where(eq(taxCalculations.portfolioId, portfolioId))
  )
    .map(({ id: _id, transactionId, lotId, portfolioId: _p, createdAt: _c, ...rest }) => ({
      sale: lotIdToKey.get(transactionId),
      lot: lotIdToKey.get(lotId),
      ...rest,
    }))
    .sort((a, b) => `${a.sale}${a.lot}`.localeCompare(`${b.sale}${b.lot}`));
  return {
    holdings: held
      .map((holding) => ({ key: nameOf.get(String(holding.id)), ...strip(holding) }))
      .sort((a, b) => String(a.key).localeCompare(String(b.key))),
    transactions: ledger,
    lots,
    tax,
  };
}

describe('round trip', () => {
  it('export of assets then transactions, imported into an empty portfolio, reproduces it', async () => {
    const source = await portfolio('Source');
    const apple = await add(source, market({ name: '=Apple "Inc", the one' }));
    await owner.patch(`/api/v1/holdings/${apple.id}`, { status: 'watch', currentPrice: '190.25' });
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
    // Sold out: quantity 0 after the round trip too.
    const btc = await add(source, {
      class: 'crypto',
      symbol: 'btc',
      name: 'Bitcoin',
      quantity: '0.5',
      purchasePrice: '30000',
      currentPrice: '60000',
      purchaseDate: '2023-05-01',
      walletAddress: 'bc1qxyz',
      exchange: 'Kraken',
    });
    await trade(source, {
      assetId: btc.id,
      transactionType: 'sell',
      quantity: '0.5',
      price: '65000',
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
      bedrooms: 2,
      bathrooms: 1,
      latitude: 45.764,
      longitude: -4.8357,
      city: 'Lyon',
      zipCode: '69002',
      country: 'France',
      description: 'Top floor',
    });
    await owner.patch(`/api/v1/holdings/${flat.id}`, { symbol: 'LYON-1' });
    await add(source, {
      class: 'crowdfunding',
      platform: 'Enerfip',
      projectName: 'Solar farm',
      amountInvested: '1000',
      valuation: '1050',
      equityPercentage: '0.5',
      expectedReturn: '7',
      duration: 36,
      investmentDate: '2024-02-01',
      status: 'delayed',
      notes: '+ bonus',
    });
    const livret = await add(source, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      accountNumber: '0042',
      currentBalance: '5000',
      openingDate: '2019-01-01',
      maturityDate: '2030-01-01',
      minimumBalance: '10',
      earlyWithdrawalPenaltyRate: '1.5',
      interestRate: '3',
      compoundingFrequency: 'annually',
      taxRate: '0.2',
    });
    const deposit = await owner.post(`/api/v1/holdings/${livret.id}/savings/transactions`, {
      transactionType: 'deposit',
      amount: '250',
      transactionDate: '2024-01-05',
    });
    expect(deposit.statusCode).toBe(201);
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
      country: 'France',
      currency: 'EUR',
    });

    const assetsFile = (await exportOf(source, 'assets')).body;
    const transactionsFile = (await exportOf(source, 'transactions')).body;

    const target = await portfolio('Target');
    const holdingsImport = await importInto(target, {
      kind: 'holdings',
      csv: assetsFile,
      openingTransactions: false,
      commit: true,
    });
    expect(holdingsImport.statusCode, holdingsImport.body).toBe(201);
    expect(holdingsImport.json().imported).toBe(6);
    const preview = (
      await importInto(target, { kind: 'transactions', csv: transactionsFile })
    ).json();
    expect(preview.errors).toEqual([]);
    const transactionsImport = await importInto(target, {
      kind: 'transactions',
      csv: transactionsFile,
      commit: true,
    });
    expect(transactionsImport.statusCode, transactionsImport.body).toBe(201);

    const [before, after] = [await state(source), await state(target)];
    expect(after.transactions).toEqual(before.transactions);
    expect(after.lots).toEqual(before.lots);
    expect(after.tax).toEqual(before.tax);
    expect(after.holdings).toEqual(before.holdings);
    expect(after.lots.length).toBeGreaterThan(5);
    expect(after.tax.length).toBeGreaterThan(3);

    // And the target exports the same files, but for the transactions' own ids.
    const withoutRefs = (text: string) => {
      const { rows } = rowsOf(text);
      const refs = new Map(rows.map((row, index) => [row.ref, `#${index}`]));
      return rows.map((row) => ({
        ...row,
        ref: refs.get(row.ref),
        selectedLots: row.selectedLots?.replace(/[0-9a-f-]{36}/g, (ref) => refs.get(ref) ?? ref),
      }));
    };
    expect((await exportOf(target, 'assets')).body).toBe(assetsFile);
    expect(withoutRefs((await exportOf(target, 'transactions')).body)).toEqual(
      withoutRefs(transactionsFile),
    );
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
    // A simulation the caller cannot see is hidden too.
    const simulation = await insertSimulation(db(), id, ownerId, 'Private');
    const other = await portfolio('Other');
    expect((await exportOf(other, 'assets', owner, simulation.id)).statusCode).toBe(404);
  });
});
