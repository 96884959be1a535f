import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';

/**
 * What the routes of a holding and its ledger share (features holdings, ledger and savings): the
 * error answers they document, the `:id` parameter, the `?sim=` query naming the simulation a
 * request acts in, and the 204 answer. One definition, so their OpenAPI documents agree.
 */

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
export const idParams = z.object({ id: z.uuid() });
export const simQuery = z.object({
  sim: z.uuid().optional().describe('Act inside this simulation of the portfolio.'),
});
export const empty = (reply: FastifyReply) => reply.status(204).send(null);
export const noContent = { 204: z.null().describe('Done; no body.') };
