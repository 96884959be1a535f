import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@/contracts/errors';
import { fxRateQuerySchema, fxRateResponseSchema } from '@/contracts/fx';
import type { ServerContext } from '../../context';
import { requireAuth } from '../../platform/auth';
import * as fxService from './fx.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/** Exchange rates for signed-in users (the transaction form prefills its rate from it). */
export async function fxRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/v1/fx-rate',
    {
      schema: {
        tags: ['market data'],
        summary:
          'Units of `to` per unit of `from` on a date, from the daily euro reference rates (the last rate on or before it; cross rates through EUR). 404 RATE_NOT_FOUND when none is known.',
        querystring: fxRateQuerySchema,
        response: { 200: fxRateResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      return fxService.fxRate(ctx, request.query);
    },
  );
}
