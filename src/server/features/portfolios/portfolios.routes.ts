import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import {
  acceptInvitationResponseSchema,
  createPortfolioBodySchema,
  createShareBodySchema,
  createSimulationBodySchema,
  invitationPreviewResponseSchema,
  invitationsResponseSchema,
  invitationAnswerBodySchema,
  invitationTokenBodySchema,
  portfolioContentsSchema,
  type Portfolio,
  portfolioResponseSchema,
  portfoliosResponseSchema,
  shareResponseSchema,
  sharesResponseSchema,
  simulationResponseSchema,
  simulationsResponseSchema,
  simulationStatsResponseSchema,
  updatePortfolioBodySchema,
  updateShareBodySchema,
  updateSimulationBodySchema,
} from '@/contracts/portfolios';
import type { ServerContext } from '../../context';
import { keptJson } from '../../platform/read-cache';
import { requireAuth } from '../session';
import { MINUTE } from '../../platform/clock';
import { languageOf } from '../../platform/language';
import { portfolioAccess } from './portfolio-access';
import { createLimiter } from '../../platform/rate-limit';
import * as portfolios from './portfolios.service';
import * as sharing from './sharing.service';
import * as simulations from './simulations.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid() });
const noContent = { 204: z.null().describe('Done; no body.') };
const empty = (reply: FastifyReply) => reply.status(204).send(null);

/**
 * Portfolios, sharing by invitation and simulations (spec 001). Every portfolio- and
 * simulation-scoped route goes through features/portfolios/portfolio-access (requirePortfolio /
 * requireSimulation): 404 when the caller may not know the object exists, 403 FORBIDDEN when they
 * see it but may not do this.
 */
export async function portfolioRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendPortfolios = keptJson((list: Portfolio[]) => ({ portfolios: list }));

  // `portfolio:<id>`: whoever can view the portfolio, checked when subscribing (an account waiting
  // for its deletion subscribes to nothing: realtime.routes.ts).
  ctx.realtime.registerTopic({
    name: 'portfolio',
    matches: (topic) => topic.startsWith('portfolio:'),
    authorize: async (request, topic) => {
      if (!request.auth || request.auth.mfaPending) return false;
      const id = topic.slice('portfolio:'.length);
      return (await portfolioAccess(ctx.database.db, id, request.auth.user.id)) !== null;
    },
  });

  const invitesPerUser = createLimiter(app, {
    name: 'share-invite',
    max: 20,
    timeWindowMs: 60 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });
  const invitationsPerIp = createLimiter(app, {
    name: 'invitation-token',
    max: 30,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.ip,
  });

  // Portfolios -----------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios',
    {
      schema: {
        tags: ['portfolios'],
        summary:
          'The caller’s portfolios: owned (default first, then newest), then shared with them. Creates the default one when the caller owns none.',
        response: { 200: portfoliosResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendPortfolios(reply, await portfolios.listPortfolios(ctx, requireAuth(request).user.id)),
  );

  routes.post(
    '/api/v1/portfolios',
    {
      schema: {
        tags: ['portfolios'],
        summary: 'Create a portfolio (isDefault moves the default to it).',
        body: createPortfolioBodySchema,
        response: { 201: portfolioResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const portfolio = await portfolios.createPortfolio(ctx, auth.user.id, request.body);
      return reply.status(201).send({ portfolio });
    },
  );

  routes.get(
    '/api/v1/portfolios/:id',
    {
      schema: {
        tags: ['portfolios'],
        summary: 'One portfolio the caller owns or that is shared with them.',
        params: idParams,
        response: { 200: portfolioResponseSchema, ...errors },
      },
    },
    async (request) => ({
      portfolio: await portfolios.getPortfolio(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
    }),
  );

  routes.patch(
    '/api/v1/portfolios/:id',
    {
      schema: {
        tags: ['portfolios'],
        summary: 'Rename, describe or make default (owner only).',
        params: idParams,
        body: updatePortfolioBodySchema,
        response: { 200: portfolioResponseSchema, ...errors },
      },
    },
    async (request) => ({
      portfolio: await portfolios.updatePortfolio(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        request.log,
      ),
    }),
  );

  routes.delete(
    '/api/v1/portfolios/:id',
    {
      schema: {
        tags: ['portfolios'],
        summary:
          'Delete a portfolio and everything in it (owner only; never the last one: LAST_PORTFOLIO).',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await portfolios.deletePortfolio(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      );
      return empty(reply);
    },
  );

  routes.get(
    '/api/v1/portfolios/:id/contents',
    {
      schema: {
        tags: ['portfolios'],
        summary: 'What deleting the portfolio would remove (owner only).',
        params: idParams,
        response: { 200: portfolioContentsSchema, ...errors },
      },
    },
    async (request) =>
      portfolios.portfolioContents(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
  );

  // Sharing --------------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios/:id/shares',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Every share of the portfolio, newest first (owner only).',
        params: idParams,
        response: { 200: sharesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      shares: await sharing.listShares(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
    }),
  );

  routes.post(
    '/api/v1/portfolios/:id/shares',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Invite someone by email (owner only); the invitation link is emailed and valid 7 days unless expiresAt says otherwise. 20 per hour per user.',
        params: idParams,
        body: createShareBodySchema,
        response: { 201: shareResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await invitesPerUser(request);
      const share = await sharing.createShare(
        ctx,
        auth,
        request.params.id,
        request.body,
        languageOf(request),
        request.log,
      );
      return reply.status(201).send({ share });
    },
  );

  routes.patch(
    '/api/v1/shares/:id',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Change a share’s level, simulation sharing or deadline, or revoke it (owner only).',
        params: idParams,
        body: updateShareBodySchema,
        response: { 200: shareResponseSchema, ...errors },
      },
    },
    async (request) => ({
      share: await sharing.updateShare(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        request.log,
      ),
    }),
  );

  routes.delete(
    '/api/v1/shares/:id',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Revoke a share (owner only); the row stays with status revoked.',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await sharing.revokeShare(ctx, requireAuth(request).user.id, request.params.id, request.log);
      return empty(reply);
    },
  );

  routes.get(
    '/api/v1/invitations',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Pending, unexpired invitations to the caller’s email.',
        response: { 200: invitationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ invitations: await sharing.listInvitations(ctx, requireAuth(request)) }),
  );

  routes.get(
    '/api/v1/invitations/preview',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'The invitation an emailed token names, for the signed-in invitee (INVITATION_INVALID, INVITATION_EXPIRED, INVITATION_OTHER_EMAIL).',
        querystring: invitationTokenBodySchema,
        response: { 200: invitationPreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await invitationsPerIp(request);
      return { invitation: await sharing.previewInvitation(ctx, auth, request.query.token) };
    },
  );

  routes.post(
    '/api/v1/invitations/accept',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Accept an invitation sent to the caller’s email, by its token or (confirmed email) its id; answers the shared portfolio.',
        body: invitationAnswerBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await invitationsPerIp(request);
      return { portfolio: await sharing.acceptInvitation(ctx, auth, request.body) };
    },
  );

  routes.post(
    '/api/v1/invitations/reject',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Decline an invitation sent to the caller’s email, by its token or (confirmed email) its id.',
        body: invitationAnswerBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await invitationsPerIp(request);
      await sharing.rejectInvitation(ctx, auth, request.body);
      return { ok: true as const };
    },
  );

  // Simulations ----------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios/:id/simulations',
    {
      schema: {
        tags: ['simulations'],
        summary: 'The portfolio’s simulations the caller can see, newest first.',
        params: idParams,
        response: { 200: simulationsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      simulations: await simulations.listSimulations(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
    }),
  );

  routes.post(
    '/api/v1/portfolios/:id/simulations',
    {
      schema: {
        tags: ['simulations'],
        summary: 'Create a simulation (owner or edit), starting with 100000 of cash.',
        params: idParams,
        body: createSimulationBodySchema,
        response: { 201: simulationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const simulation = await simulations.createSimulation(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        request.log,
      );
      return reply.status(201).send({ simulation });
    },
  );

  routes.get(
    '/api/v1/simulations/:id',
    {
      schema: {
        tags: ['simulations'],
        summary: 'One simulation the caller can see.',
        params: idParams,
        response: { 200: simulationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      simulation: await simulations.getSimulation(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
    }),
  );

  routes.patch(
    '/api/v1/simulations/:id',
    {
      schema: {
        tags: ['simulations'],
        summary: 'Rename, describe or recolour a simulation (owner or edit).',
        params: idParams,
        body: updateSimulationBodySchema,
        response: { 200: simulationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      simulation: await simulations.updateSimulation(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        request.log,
      ),
    }),
  );

  routes.delete(
    '/api/v1/simulations/:id',
    {
      schema: {
        tags: ['simulations'],
        summary: 'Delete a simulation and its content (owner or edit).',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await simulations.deleteSimulation(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      );
      return empty(reply);
    },
  );

  routes.get(
    '/api/v1/simulations/:id/stats',
    {
      schema: {
        tags: ['simulations'],
        summary: 'Counts and value of a simulation’s content.',
        params: idParams,
        response: { 200: simulationStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      stats: await simulations.simulationStats(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.log,
      ),
    }),
  );
}
