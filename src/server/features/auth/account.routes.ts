import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import {
  accountDeletionScheduledSchema,
  deleteAccountBodySchema,
  deletionPreviewSchema,
} from '@/contracts/privacy';
import type { ServerContext } from '../../context';
import { clearSessionCookie, requireAuth } from '../session';
import { HOUR, MINUTE, SECOND } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { reauthLimiters } from './auth.limits';
import {
  deletionPreview,
  purgeDueAccounts,
  reauthenticate,
  requestDeletion,
  restoreAccount,
} from './account-deletion.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const ACCOUNT_PURGE_JOB = 'account-purge';

/**
 * Deleting one's account (issue 17): what it removes, the request (re-authenticated, 7 days of
 * grace), keeping the account meanwhile, and the hourly job that deletes due accounts once
 * across processes.
 */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { passwordChecksPerUser, codeChecksPerIp } = reauthLimiters(app, ctx);

  ctx.scheduler.schedule(
    ACCOUNT_PURGE_JOB,
    {
      cron: '7 * * * *',
      slotSeconds: HOUR / SECOND,
      retryAfterMs: 10 * MINUTE,
      retries: 3,
      expireAfterSeconds: (30 * MINUTE) / SECOND,
    },
    async () => {
      const purged = await purgeDueAccounts(ctx);
      if (purged > 0) app.log.info({ purged }, 'accounts deleted after their grace period');
    },
  );

  routes.get(
    '/api/v1/account/deletion-preview',
    {
      schema: {
        tags: ['account'],
        summary:
          'What deleting your account removes: counts, your portfolios shared with others (removed for them too) and with whom, whether a code is needed, and whether you are the last admin.',
        response: { 200: deletionPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.apiKey) throw new AppError('API_KEY_NOT_ALLOWED');
      return deletionPreview(ctx, auth);
    },
  );

  routes.delete(
    '/api/v1/account',
    {
      schema: {
        tags: ['account'],
        summary:
          'Delete your account: password, and a code of your authenticator when you have one. Answers 202 with the date everything will be deleted (7 days later; signing in and keeping the account cancels it). Every session ends. The last admin is refused (409 LAST_ADMIN).',
        body: deleteAccountBodySchema,
        response: { 202: accountDeletionScheduledSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (auth.apiKey) throw new AppError('API_KEY_NOT_ALLOWED');
      await passwordChecksPerUser(request);
      if (request.body.code !== undefined) await codeChecksPerIp(request);
      await reauthenticate(ctx, auth, request.body);
      const { scheduledFor } = await requestDeletion(ctx, request, auth);
      clearSessionCookie(reply, ctx.config);
      return reply.status(202).send({ scheduledFor: scheduledFor.toISOString() });
    },
  );

  routes.post(
    '/api/v1/account/restore',
    {
      schema: {
        tags: ['account'],
        summary:
          'Keep your account while its deletion waits (the grace period): the deletion is cancelled.',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request, { allowPendingDeletion: true });
      await restoreAccount(ctx, request, auth);
      return { ok: true as const };
    },
  );
}
