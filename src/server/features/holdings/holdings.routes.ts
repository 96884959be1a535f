import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import {
  createHoldingBodySchema,
  HOLDING_CLASSES,
  holdingResponseSchema,
  holdingsResponseSchema,
  summaryResponseSchema,
  updateHoldingBodySchema,
} from '@/contracts/holdings';
import {
  createTransactionBodySchema,
  lotsResponseSchema,
  sellPreviewResponseSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionResponseSchema,
  transactionTotalsResponseSchema,
  updateTransactionBodySchema,
} from '@/contracts/transactions';
import {
  changeRateBodySchema,
  savingsDetailResponseSchema,
  savingsMovementBodySchema,
  savingsMovementResponseSchema,
  savingsRateResponseSchema,
} from '@/contracts/savings';
import {
  createValuationBodySchema,
  holdingValuationResponseSchema,
  holdingValuationsResponseSchema,
} from '@/contracts/holding-valuations';
import type { ServerContext } from '../../context';
import { actorOf } from './actor';
import * as holdingsService from './holdings.service';
import * as savingsService from './savings.service';
import { registerHoldingTables } from './simulation-tables';
import * as transactionsService from './transactions.service';
import * as valuationsService from './valuations.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid() });
const simQuery = z.object({
  sim: z.uuid().optional().describe('Act inside this simulation of the portfolio.'),
});
const empty = (reply: FastifyReply) => reply.status(204).send(null);
const noContent = { 204: z.null().describe('Done; no body.') };

/**
 * Holdings of every class, transactions, lots and the tax estimate (spec 002, sections 3 to 5).
 * Every route checks the portfolio permission on the server (platform/portfolio-access through
 * ./scope): read to view, edit to change; `?sim=` acts inside a simulation the caller can see.
 */
export async function holdingRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  registerHoldingTables();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Holdings -------------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios/:id/holdings',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'The holdings of a portfolio (or of one of its simulations), optionally of one class.',
        params: idParams,
        querystring: simQuery.extend({ class: z.enum(HOLDING_CLASSES).optional() }),
        response: { 200: holdingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      holdings: await holdingsService.listHoldings(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.query.class,
      ),
    }),
  );

  routes.post(
    '/api/v1/portfolios/:id/holdings',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'Add a holding of any class with its opening buy transaction (edit permission; plan limit).',
        params: idParams,
        querystring: simQuery,
        body: createHoldingBodySchema,
        response: { 201: holdingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const holding = await holdingsService.createHolding(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      );
      return reply.status(201).send({ holding });
    },
  );

  routes.get(
    '/api/v1/portfolios/:id/summary',
    {
      schema: {
        tags: ['holdings'],
        summary: 'Category aggregation: per class and currency, item count, total cost and value.',
        params: idParams,
        querystring: simQuery,
        response: { 200: summaryResponseSchema, ...errors },
      },
    },
    async (request) =>
      holdingsService.portfolioSummary(ctx, actorOf(request), request.params.id, request.query.sim),
  );

  routes.get(
    '/api/v1/holdings/:id',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'One holding of the view ?sim= names (none: the real portfolio); a holding of another view is not found.',
        params: idParams,
        querystring: simQuery,
        response: { 200: holdingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      holding: await holdingsService.getHolding(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      ),
    }),
  );

  routes.patch(
    '/api/v1/holdings/:id',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'Change a holding’s name, symbol, current price (value), status, currency and its class’s own fields (named as GET answers them). Quantities, costs, dates and savings balances change through transactions.',
        params: idParams,
        querystring: simQuery,
        body: updateHoldingBodySchema,
        response: { 200: holdingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      holding: await holdingsService.updateHolding(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/api/v1/holdings/:id',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'Delete a holding with its transactions (savings accounts: soft). With ?sim=, real holdings are refused.',
        params: idParams,
        querystring: simQuery,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await holdingsService.deleteHolding(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      );
      return empty(reply);
    },
  );

  routes.get(
    '/api/v1/holdings/:id/lots',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'The tax lots of a holding of the view ?sim= names (none: the real portfolio), oldest first.',
        params: idParams,
        querystring: simQuery,
        response: { 200: lotsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      lots: await transactionsService.holdingLots(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      ),
    }),
  );

  // Value history (holdings without a market) ------------------------------------------------------
  routes.get(
    '/api/v1/holdings/:id/valuations',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'The value history of a real estate, crowdfunding or other holding, newest first (read permission; other classes: 400 VALUATIONS_NOT_SUPPORTED).',
        params: idParams,
        querystring: simQuery,
        response: { 200: holdingValuationsResponseSchema, ...errors },
      },
    },
    async (request) =>
      valuationsService.listValuations(ctx, actorOf(request), request.params.id, request.query.sim),
  );

  routes.post(
    '/api/v1/holdings/:id/valuations',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'Record the holding’s value on a day (edit permission): replaces that day’s point; the newest point is the current value.',
        params: idParams,
        querystring: simQuery,
        body: createValuationBodySchema,
        response: { 201: holdingValuationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const valuation = await valuationsService.addValuation(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      );
      return reply.status(201).send({ valuation });
    },
  );

  routes.delete(
    '/api/v1/holdings/:id/valuations/:valuationId',
    {
      schema: {
        tags: ['holdings'],
        summary:
          'Delete one point of a holding’s value history (edit permission); the newest remaining point is the current value.',
        params: idParams.extend({ valuationId: z.uuid() }),
        querystring: simQuery,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await valuationsService.deleteValuation(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.valuationId,
        request.query.sim,
      );
      return empty(reply);
    },
  );

  // Transactions ---------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios/:id/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'A page of transactions (filters: type, asset, settlement date range, amount; default settlement date, newest first, 50 a page).',
        params: idParams,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errors },
      },
    },
    async (request) =>
      transactionsService.listTransactions(ctx, actorOf(request), request.params.id, request.query),
  );

  routes.get(
    '/api/v1/portfolios/:id/transactions/totals',
    {
      schema: {
        tags: ['transactions'],
        summary: 'Totals of the transactions a filter selects (base currency; cancelled left out).',
        params: idParams,
        querystring: transactionListQuerySchema,
        response: { 200: transactionTotalsResponseSchema, ...errors },
      },
    },
    async (request) =>
      transactionsService.transactionTotals(
        ctx,
        actorOf(request),
        request.params.id,
        request.query,
      ),
  );

  routes.post(
    '/api/v1/portfolios/:id/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Record a transaction; the holding’s lots and tax are replayed in the same database transaction. A sell answers its tax estimate.',
        params: idParams,
        querystring: simQuery,
        body: createTransactionBodySchema,
        response: { 201: transactionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const transaction = await transactionsService.createTransaction(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      );
      return reply.status(201).send({ transaction });
    },
  );

  routes.post(
    '/api/v1/portfolios/:id/transactions/preview',
    {
      schema: {
        tags: ['transactions'],
        summary: 'Work out a sale (lots used, gain, tax) without saving it.',
        params: idParams,
        querystring: simQuery,
        body: createTransactionBodySchema,
        response: { 200: sellPreviewResponseSchema, ...errors },
      },
    },
    async (request) => ({
      tax: await transactionsService.previewSale(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      ),
    }),
  );

  routes.get(
    '/api/v1/transactions/:id',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'One transaction of the view ?sim= names (none: the real portfolio); a sell with its tax estimate.',
        params: idParams,
        querystring: simQuery,
        response: { 200: transactionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      transaction: await transactionsService.getTransaction(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      ),
    }),
  );

  routes.patch(
    '/api/v1/transactions/:id',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Change a transaction of the view ?sim= names (status, amounts, dates, notes, a specific-lot sale’s lots); its holding is replayed. A buy a sale used keeps its ledger fields (409).',
        params: idParams,
        querystring: simQuery,
        body: updateTransactionBodySchema,
        response: { 200: transactionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      transaction: await transactionsService.updateTransaction(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/api/v1/transactions/:id',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Delete a transaction of the view ?sim= names: a sale gives its lots back; a buy whose lot a sale used is refused.',
        params: idParams,
        querystring: simQuery,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await transactionsService.deleteTransaction(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      );
      return empty(reply);
    },
  );

  // Savings accounts -----------------------------------------------------------------------------
  routes.get(
    '/api/v1/holdings/:id/savings',
    {
      schema: {
        tags: ['savings'],
        summary:
          'A savings account’s rate history, movements, open alerts and interest accrual (raises due alerts).',
        params: idParams,
        querystring: simQuery,
        response: { 200: savingsDetailResponseSchema, ...errors },
      },
    },
    async (request) =>
      savingsService.savingsDetail(ctx, actorOf(request), request.params.id, request.query.sim),
  );

  routes.post(
    '/api/v1/holdings/:id/savings/rate',
    {
      schema: {
        tags: ['savings'],
        summary:
          'Change the interest rate (percent) from a date: closes the open rate, opens the new one when above 0.',
        params: idParams,
        querystring: simQuery,
        body: changeRateBodySchema,
        response: { 201: savingsRateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rate = await savingsService.changeRate(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
        request.query.sim,
      );
      return reply.status(201).send({ rate });
    },
  );

  routes.post(
    '/api/v1/holdings/:id/savings/transactions',
    {
      schema: {
        tags: ['savings'],
        summary:
          'Record a deposit, withdrawal, interest (tax withheld unless exempt) or fee; early withdrawals with a penalty are blocked.',
        params: idParams,
        querystring: simQuery,
        body: savingsMovementBodySchema,
        response: { 201: savingsMovementResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await savingsService.recordMovement(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
        request.query.sim,
      );
      return reply.status(201).send(result);
    },
  );

  routes.post(
    '/api/v1/savings-alerts/:id/acknowledge',
    {
      schema: {
        tags: ['savings'],
        summary: 'Acknowledge a savings alert.',
        params: idParams,
        querystring: simQuery,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await savingsService.acknowledgeAlert(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      );
      return empty(reply);
    },
  );
}
