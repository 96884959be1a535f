import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@/contracts/errors';
import { subscriptionResponseSchema } from '@/contracts/subscription';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import { getSubscription } from './subscription.service';

export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/v1/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary:
          "The caller's plan (tier, status, renewal), its limits and features, and their usage.",
        response: {
          200: subscriptionResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      subscription: await getSubscription(ctx, requireAuth(request).user.id),
    }),
  );
}
