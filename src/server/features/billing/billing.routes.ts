import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@/contracts/errors';
import {
  billingRedirectResponseSchema,
  billingWebhookResponseSchema,
  checkoutBodySchema,
} from '@/contracts/subscription';
import type { ServerContext } from '../../context';
import { accountLanguage } from '../profile';
import { requireAuth } from '../session';
import { MINUTE } from '../../platform/clock';
import { languageOf } from '../../platform/language';
import { createLimiter } from '../../platform/rate-limit';
import type { PaymentProvider } from './billing.provider';
import { openPortal, receiveWebhook, requireBilling, startCheckout } from './billing.service';
import { createStripeProvider } from './stripe.provider';

/**
 * Stripe's events are small (an invoice lists its first lines only): 512 KiB leaves room and
 * still refuses a flood before any signature work.
 */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};

/**
 * Billing (issue 15): a paid plan bought through the payment provider's checkout, managed in its
 * portal, and kept in step by its webhook. Everything answers 409 BILLING_NOT_CONFIGURED unless
 * the STRIPE_* variables are set: plans are then the admin's to set.
 */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider: PaymentProvider | null = ctx.config.billing
    ? createStripeProvider(ctx.config.billing)
    : null;
  const usable = () => {
    requireBilling(ctx);
    return provider as PaymentProvider;
  };
  // Each call creates objects at the provider.
  const perUser = createLimiter(app, {
    name: 'billing-redirect',
    max: 20,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });
  const language = async (request: Parameters<typeof languageOf>[0], userId: string) =>
    (await accountLanguage(ctx.database.db, { userId }, languageOf(request))) ?? 'en';

  routes.post(
    '/api/v1/subscription/checkout',
    {
      schema: {
        tags: ['subscription'],
        summary:
          "Where to pay for a paid plan: the provider's checkout page. A user whose subscription still runs gets the provider's portal instead (plans switch there, without a second subscription); the plan the admin already gave answers 409 CONFLICT.",
        body: checkoutBodySchema,
        response: { 200: billingRedirectResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const payments = usable();
      await perUser(request);
      return startCheckout(
        { ctx, provider: payments, log: request.log },
        user.id,
        request.body,
        await language(request, user.id),
      );
    },
  );

  routes.post(
    '/api/v1/subscription/portal',
    {
      schema: {
        tags: ['subscription'],
        summary:
          "Where to manage a paid plan (payment method, invoices, cancellation): the provider's customer portal. 409 CONFLICT before any checkout.",
        response: { 200: billingRedirectResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const payments = usable();
      await perUser(request);
      return openPortal(
        { ctx, provider: payments, log: request.log },
        user.id,
        await language(request, user.id),
      );
    },
  );

  // The webhook reads its body as the bytes Stripe signed: its own JSON parser, in its own scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/billing/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['subscription'],
          summary:
            "The payment provider's events (Stripe: checkout completed, subscription created, updated or deleted, invoice payment failed), verified by the Stripe-Signature header over the raw JSON body. No session; idempotent by event id; an event older than one applied is recorded, not applied.",
          response: {
            200: billingWebhookResponseSchema,
            400: errorResponseSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const payments = usable();
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { event, outcome, userId } = await receiveWebhook(
          { ctx, provider: payments, log: request.log },
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        request.log.info(
          { event: event.id, type: event.type, outcome, userId, occurredAt: event.occurredAt },
          `billing event ${event.type}: ${outcome}`,
        );
        return { received: true as const };
      },
    );
  });
}
