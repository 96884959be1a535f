import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assuranceResponseSchema,
  challengeResponseSchema,
  clearFactorsResponseSchema,
  enrollFactorBodySchema,
  enrollResponseSchema,
  factorsResponseSchema,
  okResponseSchema,
  sessionResponseSchema,
  verifyFactorBodySchema,
} from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import type { ServerContext } from '../../context';
import { requireAuth, setSessionCookie } from '../session';
import { MINUTE } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import { reauthLimiters } from './auth.limits';
import { toFactor, toSessionResponse } from './auth.dto';
import {
  clearFactors,
  createChallenge,
  deleteFactor,
  enrollFactor,
  listFactors,
  verifyChallenge,
} from './mfa.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

export async function mfaRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const verifyPerIp = reauthLimiters(app, ctx).codeChecksPerIp;
  // Guessing is bounded per factor (mfa.service, lockouts.ts); challenges are bounded per user
  // too, so nobody can mint them by the thousand.
  const challengesPerUser = createLimiter(app, {
    name: 'totp-challenge-user',
    max: 10,
    timeWindowMs: 5 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.get(
    '/api/v1/auth/mfa/factors',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'The caller’s authenticators.',
        response: { 200: factorsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request, { allowPendingMfa: true });
      const factors = await listFactors(ctx.database.db, auth.user.id);
      // While the second step is pending only verified factors matter.
      return {
        factors: factors.filter((f) => !auth.mfaPending || f.status === 'verified').map(toFactor),
      };
    },
  );

  routes.post(
    '/api/v1/auth/mfa/factors',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Start adding a TOTP authenticator (verify it with a challenge).',
        body: enrollFactorBodySchema,
        response: { 201: enrollResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.status(201).send(await enrollFactor(ctx, auth, request.body.friendlyName));
    },
  );

  routes.post(
    '/api/v1/auth/mfa/factors/:id/challenge',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'A challenge for one factor, valid 5 minutes.',
        params: z.object({ id: z.uuid() }),
        response: { 201: challengeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request, { allowPendingMfa: true });
      await challengesPerUser(request);
      return reply.status(201).send(await createChallenge(ctx, auth, request.params.id));
    },
  );

  routes.post(
    '/api/v1/auth/mfa/verify',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Verify a code: completes enrolment or the second step (session reaches aal2).',
        body: verifyFactorBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request, { allowPendingMfa: true });
      await verifyPerIp(request);
      const result = await verifyChallenge(ctx, auth, request.body);
      if (!result.ok) {
        request.log.warn({ code: result.code }, 'authenticator code refused');
        if (result.code === 'RATE_LIMITED')
          throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
        throw new AppError(result.code);
      }
      setSessionCookie(reply, ctx.config, result.token, result, ctx.clock);
      return toSessionResponse(
        { ...auth, mfaPending: false, session: { ...auth.session, aal: 'aal2' } },
        [],
      );
    },
  );

  routes.delete(
    '/api/v1/auth/mfa/factors/:id',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Remove one authenticator (aal2 or recovery bypass; not the last verified one).',
        params: z.object({ id: z.uuid() }),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteFactor(ctx, requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.delete(
    '/api/v1/auth/mfa/factors',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Remove every authenticator (aal2 or recovery bypass).',
        response: { 200: clearFactorsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await clearFactors(ctx, requireAuth(request));
      return { ok: true as const, removed };
    },
  );

  routes.get(
    '/api/v1/auth/mfa/assurance',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Current and next assurance level.',
        response: { 200: assuranceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request, { allowPendingMfa: true });
      return {
        current: auth.session.aal,
        next: auth.hasVerifiedFactor ? ('aal2' as const) : ('aal1' as const),
        bypass: auth.session.mfaBypass,
      };
    },
  );
}
