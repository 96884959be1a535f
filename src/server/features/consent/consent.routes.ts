import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consentBodySchema,
  consentHistoryResponseSchema,
  consentResponseSchema,
} from '@/contracts/consent';
import { errorResponseSchema } from '@/contracts/errors';
import type { ServerContext } from '../../context';
import { clientInfo, requireAuth } from '../session';
import { AppError } from '../../platform/errors';
import { getConsent, listConsentHistory, saveConsent } from './consent.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/** The signed-in caller; signed out: 401 'No authenticated user' (spec 002, errors: Consent). */
function consentUser(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', null, 'No authenticated user');
  return requireAuth(request).user;
}

/**
 * The signed-in user's cookie-consent record and its history. The browser keeps the same choice
 * in the cc_cookie cookie; these routes are its proof of consent (who, when, which version, from
 * which address and browser). Only ever the caller's own rows.
 */
export async function consentRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/privacy/consent',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "The caller's cookie-consent choice (consent: null when none was made yet) and the current policy versions; current is false when the choice predates them.",
        response: { 200: consentResponseSchema, ...errors },
      },
    },
    async (request) => getConsent(ctx, consentUser(request).id),
  );

  routes.put(
    '/api/v1/privacy/consent',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Records the caller’s choice for analytics and error monitoring under the current versions, with the client address and browser; one history row per changed value.',
        body: consentBodySchema,
        response: { 200: consentResponseSchema, ...errors },
      },
      // Per account: a person changes these a few times, not hundreds.
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request) => `consent-save:${request.auth?.user.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const user = consentUser(request);
      const saved = await saveConsent(ctx, user.id, request.body, clientInfo(request));
      request.log.info(
        { analytics: request.body.analytics, errorMonitoring: request.body.errorMonitoring },
        'consent recorded',
      );
      return saved;
    },
  );

  routes.get(
    '/api/v1/privacy/consent/history',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "The caller's consent changes, newest first (the latest 100; total counts them all).",
        response: { 200: consentHistoryResponseSchema, ...errors },
      },
    },
    async (request) => listConsentHistory(ctx, consentUser(request).id),
  );
}
