import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceLocationResponseSchema } from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import { requireAuth } from '../session';
import { IpLocator } from './device-location.service';

export async function deviceLocationRoutes(
  app: FastifyInstance,
  { locator = new IpLocator() }: { locator?: IpLocator },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/device-location',
    {
      schema: {
        tags: ['device'],
        summary: 'Where the caller’s address is (country, city, region), from an offline database.',
        response: {
          200: deviceLocationResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: await locator.locate(request.ip || null) };
    },
  );
}
