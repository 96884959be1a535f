import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createHoldingBodySchema,
  HOLDING_CLASSES,
  type Holding,
  holdingResponseSchema,
  holdingsResponseSchema,
  updateHoldingBodySchema,
} from '@/contracts/holdings';
import {
  createValuationBodySchema,
  holdingValuationResponseSchema,
  holdingValuationsResponseSchema,
} from '@/contracts/holding-valuations';
import type { ServerContext } from '../../context';
import { keptJson } from '../../platform/read-cache';
import { actorOf, empty, errors, idParams, noContent, simQuery } from '../ledger';
import * as holdingsService from './holdings.service';
import { registerHoldingTables } from './simulation-tables';
import * as valuationsService from './valuations.service';

/**
 * Holdings of every class and the value history of holdings without a market (spec 002, sections
 * 3 and 4). Every route checks the portfolio permission on the server (features/portfolios/portfolio-access
 * through features/ledger/holding-scope): read to view, edit to change; `?sim=` acts inside a simulation
 * the caller can see. Transactions, lots and tax are the ledger feature's routes; savings
 * accounts' movements and rates the savings feature's.
 */
export async function holdingRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  registerHoldingTables();
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendHoldings = keptJson((holdings: Holding[]) => ({ holdings }));

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
    async (request, reply) =>
      sendHoldings(
        reply,
        await holdingsService.listHoldings(
          ctx,
          actorOf(request),
          request.params.id,
          request.query.sim,
          request.query.class,
        ),
      ),
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
}
