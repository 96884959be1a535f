import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import { performanceQuerySchema, performanceResponseSchema } from '@/contracts/valuation';
import type { ServerContext } from '../../context';
import { actorOf } from '../../platform/actor';
import * as valuationService from './valuation.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/** What portfolios are worth and how they did (issue 13). Read permission, as every read. */
export async function valuationRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/portfolios/:id/performance',
    {
      schema: {
        tags: ['valuation'],
        summary:
          'Value, gains, income, costs and returns (TWR, MWR) of a portfolio or simulation over a range, in its base currency, with the daily series and each holding.',
        params: z.object({ id: z.uuid() }),
        querystring: performanceQuerySchema,
        response: { 200: performanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      valuationService.portfolioPerformance(
        ctx,
        actorOf(request),
        request.params.id,
        request.query,
      ),
  );
}
