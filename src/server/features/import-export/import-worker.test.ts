import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_ERRORS, type ImportIssue } from '@/contracts/import-export';
import { eq, sql } from 'drizzle-orm';
import { BULK_INSERT_ROWS } from '../../db/bulk-insert';
import { holdings } from '../../db/schema';
import { errorsOf, issueList } from '../../platform/import-issues';
import { OFFLOAD_REPLAY_ROWS, packLedgerRows, rebuildHolding } from '../ledger';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedgersTask, checkTransactionsTask, type ImportHolding } from './import-rows';

/**
 * The CPU work of a CSV import runs on the compute workers (issue 12): the services hand the file
 * to `ctx.compute` and get back row-numbered issues and compact rows; the tasks are pure.
 */

const csv = (lines: string[][]) => lines.map((cells) => cells.join(',')).join('\r\n');

describe('import tasks (pure, as a worker runs them)', () => {
  const holding: ImportHolding = {
    id: '11111111-1111-4111-8111-111111111111',
    class: 'market',
    name: 'Apple Inc.',
    symbol: 'AAPL',
    currency: 'USD',
    purchaseDate: '2024-01-10',
    portfolioId: '22222222-2222-4222-8222-222222222222',
  };
  const input = (lines: string[][], pack: boolean) =>
    structuredClone({
      body: { kind: 'transactions' as const, csv: csv(lines) },
      scope: { portfolioId: holding.portfolioId, simulationId: null },
      actor: { userId: 'u1', sessionId: null, ip: null, userAgent: null },
      holdings: [holding],
      traded: [],
      now: new Date('2026-01-02T03:04:05.000Z'),
      pack,
    });

  it('checks every row and answers compact rows ready to insert', async () => {
    const rows = Array.from({ length: BULK_INSERT_ROWS + 5 }, (_, index) => [
      'AAPL',
      'buy',
      '1',
      String(100 + index),
      '2024-02-01',
    ]);
    const result = await checkTransactionsTask(
      input([['Symbol', 'Type', 'Qty', 'Price', 'Date'], ...rows], true),
    );
    expect(result.issueCount).toBe(0);
    expect(result.count).toBe(rows.length);
    expect(result.file).toMatchObject({ rows: rows.length, readable: true });
    expect(result.file.sample).toHaveLength(10);
    // Two statements' worth of array literals, not one object per row.
    expect(result.rows?.chunks).toHaveLength(2);
    expect(result.rows?.chunks[0]?.every((literal) => typeof literal === 'string')).toBe(true);
    expect(result.audit?.rows).toBe(rows.length);
    expect(result.touched).toEqual([{ holdingId: holding.id, from: '2024-02-01' }]);
    expect(typeof result.ledgerEntries).toBe('string');
    // The file's ledger replays without a refusal.
    expect(
      checkLedgersTask({
        entries: result.ledgerEntries,
        existing: { [holding.id]: await packLedgerRows([]) },
      }),
    ).toEqual([]);
  });

  it('answers issues as data, with their rows and translated codes', async () => {
    const result = await checkTransactionsTask(
      input(
        [
          ['Symbol', 'Type', 'Qty', 'Price', 'Date'],
          ['AAPL', 'buy', '5', '100', '2024-02-01'],
          ['AAPL', 'sell', '6', '120', '2024-03-01'],
          ['NOPE', 'buy', '1', '1', '2024-03-01'],
        ],
        true,
      ),
    );
    expect(result.issues).toEqual([
      expect.objectContaining({ row: 4, code: 'assetNotFound', field: 'assetSymbol' }),
    ]);
    // Rows are not made ready for a file with errors.
    expect(result.rows).toBeNull();
    const ledger = checkLedgersTask({ entries: result.ledgerEntries, existing: {} });
    expect(ledger).toEqual([
      {
        row: 3,
        field: null,
        message: 'Insufficient balance. Available: 5, Requested: 6',
        code: 'INSUFFICIENT_BALANCE',
        params: { available: '5', requested: '6' },
      },
    ]);
  });

  it('keeps only the first errors to send, and joins later ones in row order', () => {
    const issue = (row: number, code: string): ImportIssue => ({
      row,
      field: null,
      message: code,
      code,
      params: null,
    });
    const many = Array.from({ length: IMPORT_MAX_ERRORS + 10 }, (_, index) =>
      issue(index + 2, 'worker'),
    );
    const list = issueList([issue(5, 'worker-first'), ...many]);
    expect(list.issues).toHaveLength(IMPORT_MAX_ERRORS);
    expect(list.issueCount).toBe(IMPORT_MAX_ERRORS + 11);
    const { errors, errorCount } = errorsOf(list, [issue(5, 'database'), issue(1, 'database')]);
    expect(errorCount).toBe(IMPORT_MAX_ERRORS + 13);
    expect(errors).toHaveLength(IMPORT_MAX_ERRORS);
    // Row 5: the worker's issues first (found first), then the request thread's.
    expect(errors.slice(0, 7).map((e) => `${e.row}:${e.code}`)).toEqual([
      '1:database',
      '2:worker',
      '3:worker',
      '4:worker',
      '5:worker-first',
      '5:worker',
      '5:database',
    ]);
  });
});

describe('imports through the compute workers', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    // The first user is the admin (the market data import is theirs).
    ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'worker-import@example.com'));
  });
  afterAll(() => t.close());

  it('reads, checks and replays a transactions file on a worker; the commit saves it', async () => {
    const portfolioId = (await insertPortfolio(t.database.db, ownerId, { name: 'Worker' })).id;
    const added = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
      class: 'market',
      symbol: 'AAPL',
      name: 'Apple Inc.',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180',
      purchaseDate: '2024-01-10',
    });
    expect(added.statusCode, added.body).toBe(201);
    const run = vi.spyOn(t.app.ctx.compute, 'run');
    try {
      const file = (sold: string) =>
        csv([
          ['Symbol', 'Type', 'Qty', 'Price', 'Date'],
          ['AAPL', 'buy', '5', '160', '2024-02-01'],
          ['AAPL', 'sell', sold, '200', '2024-03-01'],
        ]);
      const url = `/api/v1/portfolios/${portfolioId}/import`;
      const preview = await owner.post(url, { kind: 'transactions', csv: file('16') });
      expect(preview.json().errors).toEqual([
        expect.objectContaining({ row: 3, code: 'INSUFFICIENT_BALANCE' }),
      ]);
      expect(run.mock.calls.map(([task]) => task)).toEqual(['importTransactions', 'importLedgers']);
      // The preview asks for no rows to insert.
      expect(run.mock.calls[0]?.[1]).toMatchObject({ pack: false });

      run.mockClear();
      const saved = await owner.post(url, { kind: 'transactions', csv: file('15'), commit: true });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toEqual({ kind: 'transactions', imported: 2 });
      expect(run.mock.calls.map(([task]) => task)).toEqual(['importTransactions', 'importLedgers']);
      expect(run.mock.calls[0]?.[1]).toMatchObject({ pack: true });
      const holdings = (await owner.get(`/api/v1/portfolios/${portfolioId}/holdings`)).json()
        .holdings as { quantity: string }[];
      expect(holdings.map((holding) => holding.quantity)).toEqual(['0']);

      run.mockClear();
      const holdingsFile = csv([
        ['class', 'name', 'symbol', 'quantity', 'purchasePrice', 'currentPrice', 'purchaseDate'],
        ['market', 'Microsoft', 'MSFT', '2', '300', '310', '2024-01-02'],
      ]);
      await owner.post(url, { kind: 'holdings', csv: holdingsFile });
      expect(run.mock.calls.map(([task]) => task)).toEqual(['importHoldings']);
    } finally {
      run.mockRestore();
    }
  });

  it('reads and checks a market data file on a worker, and works out its euro rates there', async () => {
    const run = vi.spyOn(t.app.ctx.compute, 'run');
    try {
      const file = csv([
        ['symbol', 'date', 'close', 'currency'],
        ['WRKR', '2026-01-05', '12.5', 'USD'],
        ['EURUSD', '2026-01-05', '1.1', 'USD'],
        ['USDCAD', '2026-01-05', '1.3', 'CAD'],
      ]);
      const res = await owner.post('/api/v1/market-data/import', { csv: file, commit: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ prices: 1, fxRates: 2, instrumentsCreated: 1 });
      expect(run.mock.calls.map(([task]) => task)).toEqual(['marketDataRows', 'marketDataFx']);
    } finally {
      run.mockRestore();
    }
  });

  it('replays a long history on a worker and writes what a replay here writes', async () => {
    const portfolioId = (await insertPortfolio(t.database.db, ownerId, { name: 'Long' })).id;
    const added = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
      class: 'market',
      symbol: 'LONG',
      name: 'Long history',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180',
      purchaseDate: '2020-01-10',
    });
    expect(added.statusCode, added.body).toBe(201);
    const holdingId = (added.json() as { holding: { id: string } }).holding.id;
    // Buys of 3 and sales of 2 by turns, a day apart, every method: the file's first row resumes
    // the ledger after the opening buy.
    const methods = ['fifo', 'lifo', 'average_cost', 'fifo'];
    const day = (n: number) =>
      new Date(Date.UTC(2020, 1, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: OFFLOAD_REPLAY_ROWS + 20 }, (_, n) =>
      n % 2 === 0
        ? ['LONG', 'buy', '3', String(100 + (n % 37)), '1.5', day(n), '']
        : ['LONG', 'sell', '2', String(110 + (n % 41)), '0.5', day(n), methods[n % 4] ?? 'fifo'],
    );
    const run = vi.spyOn(t.app.ctx.compute, 'run');
    try {
      const saved = await owner.post(`/api/v1/portfolios/${portfolioId}/import`, {
        kind: 'transactions',
        commit: true,
        csv: csv([['Symbol', 'Type', 'Qty', 'Price', 'Fees', 'Date', 'costBasisMethod'], ...rows]),
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(run.mock.calls.map(([task]) => task)).toEqual([
        'importTransactions',
        'importLedgers',
        'ledgerRebuild',
      ]);
    } finally {
      run.mockRestore();
    }

    const snapshot = async () => {
      const read = async (statement: ReturnType<typeof sql>) => {
        const result = await t.database.db.execute(statement);
        return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
      };
      return {
        lots: await read(sql`select id, lot_number, acquisition_date::text, acquisition_price,
            exchange_rate_to_base, original_quantity, remaining_quantity, fees_allocated,
            fees_remaining, pooled_unit_cost, cost_basis_method, status, depleted_on::text,
            changed_on::text
          from transaction_lots where holding_id = ${holdingId} order by lot_number`),
        allocations: await read(sql`select a.sell_transaction_id, a.lot_id, a.quantity,
            a.cost_basis, a.fees, a.lot_remaining_after, a.lot_fees_remaining_after,
            a.pooled_unit_cost
          from lot_allocations a join transactions s on s.id = a.sell_transaction_id
          where s.holding_id = ${holdingId} order by a.sell_transaction_id, a.lot_id`),
        tax: await read(sql`select c.transaction_id, c.lot_id, c.quantity, c.proceeds,
            c.cost_basis, c.gain_loss, c.holding_period_days, c.is_long_term, c.tax_rate,
            c.tax_amount, c.tax_year
          from tax_calculations c join transactions s on s.id = c.transaction_id
          where s.holding_id = ${holdingId} order by c.transaction_id, c.lot_id`),
        holding: await read(
          sql`select quantity, purchase_price from holdings where id = ${holdingId}`,
        ),
      };
    };
    const fromWorker = await snapshot();
    expect(JSON.parse(fromWorker.holding)).toEqual([
      // 10 + 260 × 3 - 260 × 2
      expect.objectContaining({ quantity: expect.stringMatching(/^270(\.0+)?$/) }),
    ]);
    // Each of the 260 sales takes from one lot at least.
    expect((JSON.parse(fromWorker.tax) as unknown[]).length).toBeGreaterThanOrEqual(260);
    // The whole history replayed again on this thread rewrites every row the same.
    await t.database.db.transaction(async (tx) => {
      const [holding] = await tx.select().from(holdings).where(eq(holdings.id, holdingId));
      if (!holding) throw new Error('holding not found');
      await rebuildHolding(tx, holding, new Date());
    });
    expect(await snapshot()).toEqual(fromWorker);
  });
});
