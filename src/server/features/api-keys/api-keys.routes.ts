import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListResponseSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
} from '@/contracts/api-keys';
import { errorResponseSchema } from '@/contracts/errors';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Personal API keys, managed from a signed-in session only (a key cannot list, create or revoke
 * keys: api-key-auth.ts keeps these paths off its list).
 */
export async function apiKeyRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: "The caller's API keys that are not revoked (expired ones marked), newest first.",
        response: { 200: apiKeyListResponseSchema, ...errors },
      },
    },
    async (request) => ({ apiKeys: await listApiKeys(ctx, requireAuth(request).user.id) }),
  );

  routes.post(
    '/api/v1/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary:
          'Creates an API key (Enterprise plan: api_access). The secret is in this answer only; it starts with cairn_.',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeyResponseSchema, ...errors },
      },
      // Per account: creating and revoking keys in a loop is not a use anyone needs.
      config: {
        rateLimit: {
          max: 50,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request) => `api-key-create:${request.auth?.user.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await createApiKey(ctx, auth.user.id, request.body);
      request.log.info(
        { apiKeyId: created.apiKey.id, scopes: request.body.scopes },
        'API key created',
      );
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/v1/api-keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revokes one of the caller’s API keys; it stops working at once.',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await revokeApiKey(ctx, auth.user.id, request.params.id);
      request.log.info({ apiKeyId: request.params.id }, 'API key revoked');
      return reply.code(204).send(null);
    },
  );
}
