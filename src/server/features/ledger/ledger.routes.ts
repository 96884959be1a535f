import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { ServerContext } from '../../context';
import { keptJson } from '../../platform/read-cache';
import { actorOf } from './actor';
import { empty, errors, idParams, noContent, simQuery } from './holding-routes';
import * as transactionsService from './transactions.service';

/**
 * Transactions, a holding's lots and the tax estimate (spec 002, section 5). Every route checks
 * the portfolio permission on the server (features/portfolios/portfolio-access through
 * features/ledger/holding-scope): read to view, edit to change; `?sim=` acts inside a simulation the
 * caller can see.
 */
export async function ledgerRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendTransactions = keptJson(
    (page: Awaited<ReturnType<typeof transactionsService.listTransactions>>) => page,
  );

  // Lots -----------------------------------------------------------------------------------------
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
    async (request, reply) =>
      sendTransactions(
        reply,
        await transactionsService.listTransactions(
          ctx,
          actorOf(request),
          request.params.id,
          request.query,
        ),
      ),
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
}
