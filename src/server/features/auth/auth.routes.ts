import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateBodySchema,
  activateResponseSchema,
  betaStatusSchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  instanceStatusSchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  otpSendBodySchema,
  otpSendResponseSchema,
  otpVerifyBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  securitySettingsSchema,
  securitySettingsUpdateSchema,
  sessionQuerySchema,
  sessionResponseSchema,
  sessionsResponseSchema,
  setupBodySchema,
  verifyResetTokenBodySchema,
  AUTH_LIMITS,
} from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import type { ServerContext } from '../../context';
import {
  clearSessionCookie,
  clientInfo,
  requireAuth,
  revokeSession,
  setSessionCookie,
} from '../session';
import { MINUTE, SECOND } from '../../platform/clock';
import { describeDevice } from './device';
import { AppError } from '../../platform/errors';
import { languageOf } from '../../platform/language';
import { createLimiter } from '../../platform/rate-limit';
import { isBetaEnabled } from '../admin';
import { reauthLimiters } from './auth.limits';
import { toLoginResponse, toSessionResponse } from './auth.dto';
import { listSessions, verifiedFactors } from './auth.repo';
import * as auth from './auth.service';
import { readDevice, rememberDevice } from './sign-in-guard';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config, clock } = ctx;
  const client = (request: FastifyRequest) => ({
    ...clientInfo(request),
    language: languageOf(request),
  });
  const setCookie = (
    reply: FastifyReply,
    token: string,
    session: { remember: boolean; expiresAt: Date },
  ) => setSessionCookie(reply, config, token, session, clock);

  // Limits (spec and security checklist): sign-in failures are counted per address, account and
  // device by sign-in-guard.ts (lock-out proof); one email code or link per 60 s per address;
  // code checks 15 per minute per address.
  const registerPerIp = createLimiter(app, {
    name: 'register-ip',
    max: 30,
    timeWindowMs: 60 * MINUTE,
    key: (r) => r.ip,
  });
  const registerPerAddress = createLimiter(app, {
    name: 'register-address',
    max: 1,
    timeWindowMs: AUTH_LIMITS.codeResendSeconds * SECOND,
    key: bodyEmail,
  });
  const mailPerAddress = createLimiter(app, {
    name: 'mail-address',
    max: 1,
    timeWindowMs: AUTH_LIMITS.codeResendSeconds * SECOND,
    key: bodyEmail,
  });
  const mailPerIp = createLimiter(app, {
    name: 'mail-ip',
    max: 10,
    timeWindowMs: 15 * MINUTE,
    key: (r) => r.ip,
  });
  const codeChecksPerIp = createLimiter(app, {
    name: 'code-check-ip',
    max: 15,
    timeWindowMs: MINUTE,
    key: (r) => r.ip,
  });
  const { passwordChecksPerUser } = reauthLimiters(app, ctx);
  const resendPerUser = createLimiter(app, {
    name: 'confirm-resend',
    max: 1,
    timeWindowMs: AUTH_LIMITS.codeResendSeconds * SECOND,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.get(
    '/api/v1/beta',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether beta mode is on (registration then needs an invite code).',
        response: { 200: betaStatusSchema },
      },
    },
    async () => ({ enabled: await isBetaEnabled(ctx.database.db) }),
  );

  routes.get(
    '/api/v1/instance',
    {
      schema: {
        tags: ['auth'],
        summary:
          'What the sign-in screens need to know of this server: whether it waits for its first account (setupRequired: /setup makes it, as the administrator), and whether it sends email (emailDelivery false without SMTP_URL: emails wait in /admin/mail for the administrator to pass on).',
        response: { 200: instanceStatusSchema },
      },
    },
    async () => ({
      setupRequired: await auth.setupRequired(ctx),
      emailDelivery: ctx.mailer.delivers,
    }),
  );

  routes.post(
    '/api/v1/auth/setup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The first account of an empty server: created at once as its administrator and signed in (no email to open). 409 SETUP_COMPLETE once any account exists.',
        body: setupBodySchema,
        response: { 201: loginResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await registerPerIp(request);
      const result = await auth.setUp(ctx, request.body, {
        ...client(request),
        requestId: request.id,
      });
      request.log.info({ userId: result.user.id }, 'first account set up as administrator');
      setCookie(reply, result.token, result.session);
      return reply.status(201).send(toLoginResponse(result.user, []));
    },
  );

  routes.post(
    '/api/v1/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign up: 202 "check your email" whether or not the email has an account. A new email gets an activation link (24 hours); an existing account\'s owner gets a note instead. Nobody is signed in.',
        body: registerBodySchema,
        response: { 202: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await registerPerIp(request);
      await auth.register(ctx, request.body, client(request), () => registerPerAddress(request));
      return reply.status(202).send({ ok: true as const });
    },
  );

  routes.post(
    '/api/v1/auth/activate',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Open an activation link: creates the account (the first one becomes admin), email confirmed. Does not sign in.',
        body: activateBodySchema,
        response: { 200: activateResponseSchema, ...errors },
      },
    },
    async (request) => {
      await codeChecksPerIp(request);
      const account = await auth.activate(ctx, request.body.token);
      request.log.info({ userId: account.id, role: account.role }, 'account created');
      return { ok: true as const, email: account.email };
    },
  );

  routes.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password. With a verified authenticator, the session waits for the second step.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const device = readDevice(request);
      let result;
      try {
        result = await auth.login(ctx, request.body, client(request), {
          device,
          log: request.log,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
          request.log.warn('sign-in failed');
        throw error;
      }
      // A session the browser carried in is ended: no value chosen before sign-in survives it.
      if (request.auth) await revokeSession(ctx.database.db, ctx.realtime, request.auth.session.id);
      setCookie(reply, result.token, result.session);
      rememberDevice(reply, config, device, result.user.id);
      return toLoginResponse(result.user, result.factors);
    },
  );

  routes.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session (also cancels a pending second step).',
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.auth) await revokeSession(ctx.database.db, ctx.realtime, request.auth.session.id);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/v1/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in session; 401 when signed out, or 200 with null when asked with ?optional=1. While the second step is pending: no user, only the level and the factors to verify with.',
        querystring: sessionQuerySchema,
        response: { 200: sessionResponseSchema.nullable(), 401: errorResponseSchema },
      },
    },
    async (request) => {
      if (!request.auth && request.query.optional) return null;
      const current = requireAuth(request, { allowPendingMfa: true });
      const factors = current.mfaPending
        ? await verifiedFactors(ctx.database.db, current.user.id)
        : [];
      return toSessionResponse(current, factors);
    },
  );

  routes.post(
    '/api/v1/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Email a password-reset link (valid 1 hour). Answers the same whether or not the email has an account.',
        body: forgotPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await mailPerIp(request);
      await mailPerAddress(request);
      const language = languageOf(request);
      ctx.jobs.run('password-reset-email', () =>
        auth.sendPasswordReset(ctx, request.body.email, language),
      );
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/v1/auth/password/reset/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a reset link without using it.',
        body: verifyResetTokenBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await codeChecksPerIp(request);
      await auth.verifyResetToken(ctx, request.body.token);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/v1/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password from a reset link; ends every session of the account (and one the browser carried in). Two-factor is still required, and email recovery of it waits 7 days.',
        body: resetPasswordBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await codeChecksPerIp(request);
      const result = await auth.resetPassword(ctx, request.body, client(request));
      // Like sign-in: a session the browser carried in (maybe another account's) ends too.
      if (request.auth) await revokeSession(ctx.database.db, ctx.realtime, request.auth.session.id);
      setCookie(reply, result.token, result.session);
      // The mailbox proved the owner: this browser is one of theirs from now on.
      rememberDevice(reply, config, readDevice(request), result.user.id);
      return toLoginResponse(result.user, result.factors);
    },
  );

  routes.post(
    '/api/v1/auth/password/change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password: other sessions end, this one gets a new token.',
        body: changePasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requireAuth(request);
      await passwordChecksPerUser(request);
      const rotated = await auth.changePassword(ctx, current, request.body, languageOf(request));
      setCookie(reply, rotated.token, rotated);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/v1/auth/email/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address from the emailed link.',
        body: confirmEmailBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await codeChecksPerIp(request);
      await auth.confirmEmail(ctx, request.body.token);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/v1/auth/email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation email again (once a minute).',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = requireAuth(request);
      await resendPerUser(request);
      await auth.resendConfirmation(ctx, current, languageOf(request));
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/v1/auth/otp/send',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Email a 6-digit code to complete a pending two-factor step (once a minute; valid 10 minutes).',
        body: otpSendBodySchema,
        response: { 200: otpSendResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = requireAuth(request, { allowPendingMfa: true });
      await mailPerAddress(request);
      await auth.sendRecoveryCode(ctx, current, request.body.email, languageOf(request));
      return { ok: true as const, resendAfterSeconds: AUTH_LIMITS.codeResendSeconds };
    },
  );

  routes.post(
    '/api/v1/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Complete the pending two-factor step with the emailed code; sets the recovery bypass for this session.',
        body: otpVerifyBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requireAuth(request, { allowPendingMfa: true });
      await codeChecksPerIp(request);
      const result = await auth.verifyRecoveryCode(ctx, current, request.body, client(request));
      if (!result.ok) {
        request.log.warn({ code: result.code }, 'email code refused');
        if (result.code === 'RATE_LIMITED')
          throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
        throw new AppError(result.code);
      }
      setCookie(reply, result.token, result);
      return toSessionResponse(
        { ...current, session: { ...current.session, mfaBypass: true }, mfaPending: false },
        [],
      );
    },
  );

  routes.get(
    '/api/v1/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in devices of this account.',
        response: { 200: sessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = requireAuth(request);
      const rows = await listSessions(ctx.database.db, current.user.id, clock.now());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === current.session.id,
          ...describeDevice(row.userAgent),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          remember: row.remember,
        })),
      };
    },
  );

  routes.delete(
    '/api/v1/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out one device of this account.',
        params: z.object({ id: z.uuid() }),
        response: { 200: okResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requireAuth(request);
      await auth.revokeSessionOf(ctx, current.user.id, request.params.id);
      if (request.params.id === current.session.id) clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/v1/auth/security-settings',
    {
      schema: {
        tags: ['auth'],
        summary: 'Security preferences (login notifications).',
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async (request) => auth.getSecuritySettings(ctx, requireAuth(request).user.id),
  );

  routes.patch(
    '/api/v1/auth/security-settings',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change security preferences.',
        body: securitySettingsUpdateSchema,
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async (request) => auth.updateSecuritySettings(ctx, requireAuth(request).user.id, request.body),
  );
}
