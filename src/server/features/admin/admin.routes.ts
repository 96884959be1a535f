import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@/contracts/input-rules';
import {
  adminFlagsResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  bulkFlagsBodySchema,
  bulkFlagsResponseSchema,
  changeRoleBodySchema,
  changeRoleResponseSchema,
  createInvitesBodySchema,
  flagSchema,
  flagStatesResponseSchema,
  invitesResponseSchema,
  joinWaitlistBodySchema,
  listInvitesQuerySchema,
  listUsersQuerySchema,
  listWaitlistQuerySchema,
  mailListResponseSchema,
  mailMessageSchema,
  mailQuerySchema,
  mfaLookupQuerySchema,
  mfaLookupResponseSchema,
  resetFlagsBodySchema,
  setBetaBodySchema,
  toggleFlagBodySchema,
  usersResponseSchema,
  validateInviteBodySchema,
  waitlistActionResponseSchema,
  waitlistIdsBodySchema,
  waitlistResponseSchema,
} from '@/contracts/admin';
import { betaStatusSchema, okResponseSchema } from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import {
  adminSubscriptionResponseSchema,
  setSubscriptionBodySchema,
} from '@/contracts/subscription';
import type { ServerContext } from '../../context';
import { requireAdmin, requireAuth } from '../session';
import { MINUTE } from '../../platform/clock';
import { languageOf } from '../../platform/language';
import { createLimiter } from '../../platform/rate-limit';
import * as beta from './beta.service';
import {
  bulkUpdateFlags,
  FLAGS_TOPIC,
  flagStates,
  listFlags,
  resetFlags,
  toggleFlag,
} from './flags.service';
import { listMail, readMail } from './mail.service';
import { listAudit, lookupTwoFactor } from './support.service';
import { changeRole, listUsers, setSubscription } from './users.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // Every signed-in client follows the flags; admins follow the admin lists.
  ctx.realtime.registerTopic({
    name: 'feature-flags',
    matches: (topic) => topic === FLAGS_TOPIC,
    authorize: (request) => !!request.auth && !request.auth.mfaPending,
  });
  ctx.realtime.registerTopic({
    name: 'admin',
    matches: (topic) => topic === 'admin',
    authorize: (request) => request.auth?.user.role === 'admin' && !request.auth.mfaPending,
  });

  const publicPerIp = createLimiter(app, {
    name: 'beta-public-ip',
    max: 10,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.ip,
  });

  // Flags every signed-in user's UI obeys -------------------------------------------------------
  routes.get(
    '/api/v1/feature-flags',
    {
      schema: {
        tags: ['feature flags'],
        summary: 'The state of every feature flag (any signed-in user).',
        response: { 200: flagStatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      return { flags: await flagStates(db) };
    },
  );

  // Public beta endpoints ------------------------------------------------------------------------
  routes.post(
    '/api/v1/invites/validate',
    {
      schema: {
        tags: ['beta'],
        summary: 'Check an invite code before registering.',
        body: validateInviteBodySchema,
        response: {
          200: z.object({
            valid: z.literal(true),
            /** The address the code is reserved for, if any. */
            email: z.string().nullable(),
            /** The name given on the waitlist, for a code sent to a waitlist entry. */
            fullName: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await publicPerIp(request);
      return beta.validateInvite(ctx, request.body.code);
    },
  );

  routes.post(
    '/api/v1/waitlist',
    {
      schema: {
        tags: ['beta'],
        summary: 'Join the beta waitlist (only while beta mode is on).',
        body: joinWaitlistBodySchema,
        response: { 201: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await publicPerIp(request);
      await beta.joinWaitlist(ctx, request.body, languageOf(request));
      return reply.status(201).send({ ok: true as const });
    },
  );

  // Admin: users -------------------------------------------------------------------------------
  routes.get(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first; search by email or name.',
        querystring: listUsersQuerySchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listUsers(ctx, request.query);
    },
  );

  routes.post(
    '/api/v1/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a user's role ('user' or 'admin'); an admin cannot demote themselves.",
        params: z.object({ id: z.uuid() }),
        body: changeRoleBodySchema,
        response: { 200: changeRoleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return { user: await changeRole(ctx, request, actor, request.params.id, request.body.role) };
    },
  );

  routes.patch(
    '/api/v1/admin/users/:id/subscription',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Set a user's plan (free, classic, pro) and optionally its status; audited. Nothing is deleted on a downgrade.",
        params: z.object({ id: z.uuid() }),
        body: setSubscriptionBodySchema,
        response: { 200: adminSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return {
        subscription: await setSubscription(ctx, request, actor, request.params.id, request.body),
      };
    },
  );

  // Admin: feature flags -----------------------------------------------------------------------
  routes.get(
    '/api/v1/admin/feature-flags',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every flag with its category, description, default and last change.',
        response: { 200: adminFlagsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { flags: await listFlags(db) };
    },
  );

  routes.post(
    '/api/v1/admin/feature-flags/toggle',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn one flag on or off (takes effect for every user at once).',
        body: toggleFlagBodySchema,
        response: { 200: flagSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return toggleFlag(ctx, request, actor, request.body.key, request.body.enabled);
    },
  );

  routes.post(
    '/api/v1/admin/feature-flags/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set several flags in one change.',
        body: bulkFlagsBodySchema,
        response: { 200: bulkFlagsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return bulkUpdateFlags(ctx, request, actor, request.body.updates);
    },
  );

  routes.post(
    '/api/v1/admin/feature-flags/reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'Back to the defaults, for one category or all.',
        body: resetFlagsBodySchema,
        response: { 200: bulkFlagsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return resetFlags(ctx, request, actor, request.body.category);
    },
  );

  // Admin: beta, invites, waitlist --------------------------------------------------------------
  routes.post(
    '/api/v1/admin/beta',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn beta mode on or off.',
        body: setBetaBodySchema,
        response: { 200: betaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return beta.setBeta(ctx, request, actor, request.body.enabled);
    },
  );

  routes.post(
    '/api/v1/admin/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Generate 1 to 100 invite codes, optionally reserved for an email and expiring.',
        body: createInvitesBodySchema,
        response: { 201: invitesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply
        .status(201)
        .send({ invites: await beta.createInvites(ctx, request, actor, request.body) });
    },
  );

  routes.get(
    '/api/v1/admin/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite codes, newest first; filter by status, search by code or email.',
        querystring: listInvitesQuerySchema,
        response: { 200: invitesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { invites: await beta.listInvites(ctx, request.query) };
    },
  );

  routes.delete(
    '/api/v1/admin/invites/:code',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an invite code.',
        params: z.object({ code: text().min(1).max(16) }),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      await beta.deleteInvite(ctx, request, actor, request.params.code);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/v1/admin/waitlist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Waitlist entries, newest first.',
        querystring: listWaitlistQuerySchema,
        response: { 200: waitlistResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { entries: await beta.listWaitlist(ctx, request.query) };
    },
  );

  for (const [path, summary] of [
    ['invite', 'Invite the selected entries: a code reserved for each email, sent by email.'],
    ['approve', 'Approve the selected entries: accepted, to be invited later.'],
    ['refuse', 'Refuse the selected entries.'],
    ['restore', 'Put refused entries back to pending.'],
  ] as const) {
    routes.post(
      `/api/v1/admin/waitlist/${path}`,
      {
        schema: {
          tags: ['admin'],
          summary,
          body: waitlistIdsBodySchema,
          response: { 200: waitlistActionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        if (path === 'invite')
          return beta.inviteFromWaitlist(ctx, request, actor, request.body.ids);
        return beta.setWaitlistStatus(
          ctx,
          request,
          actor,
          request.body.ids,
          path === 'refuse' ? 'refused' : path === 'approve' ? 'approved' : 'pending',
        );
      },
    );
  }

  // Admin: audit and support ---------------------------------------------------------------------
  routes.get(
    '/api/v1/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log, newest first.',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listAudit(ctx, request.query);
    },
  );

  routes.get(
    '/api/v1/admin/mail',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Outgoing mail, newest first, without bodies: a delivery log with SMTP_URL; without it, the emails kept for the administrator to pass on (delivery false).',
        querystring: mailQuerySchema,
        response: { 200: mailListResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listMail(ctx, request.query);
    },
  );

  routes.get(
    '/api/v1/admin/mail/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'One email with its text and action link while they are kept (7 days without SMTP_URL; cleared once sent). Each reading is audited (mail.read).',
        params: z.object({ id: z.uuid() }),
        response: { 200: mailMessageSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return readMail(ctx, request, actor, request.params.id);
    },
  );

  routes.get(
    '/api/v1/admin/support/mfa',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's two-factor status, for support (audited).",
        querystring: mfaLookupQuerySchema,
        response: { 200: mfaLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return lookupTwoFactor(ctx, request, actor, request.query.email);
    },
  );
}
