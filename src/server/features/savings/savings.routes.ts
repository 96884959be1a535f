import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeRateBodySchema,
  savingsDetailResponseSchema,
  savingsMovementBodySchema,
  savingsMovementResponseSchema,
  savingsRateResponseSchema,
} from '@/contracts/savings';
import type { ServerContext } from '../../context';
import { actorOf, empty, errors, idParams, noContent, simQuery } from '../ledger';
import * as savingsService from './savings.service';

/**
 * Savings accounts: rate history, movements, alerts and interest accrual (spec 002, section 4).
 * Every route checks the portfolio permission on the server (features/portfolios/portfolio-access through
 * features/ledger/holding-scope): read to view, edit to change; `?sim=` acts inside a simulation the
 * caller can see.
 */
export async function savingsRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
