import Stripe from 'stripe';
import type { BillingConfig } from '../../config';
import {
  type BillingChange,
  type BillingEvent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderStatus,
  WebhookInvalidError,
} from './billing.provider';

/** One retry and ten seconds: a user waits on these calls, and Stripe keys its retries. */
export const STRIPE_REQUEST = { maxNetworkRetries: 1, timeoutMs: 10_000 } as const;

/**
 * Stripe's subscription statuses onto ours. `incomplete` (the first payment has not gone through
 * yet), `unpaid` (retries exhausted, invoices left open) and `paused` (a trial ended without a
 * payment method) are all resumable by paying, so they read as past_due: the plan counts as free
 * and the page asks to fix the payment. `incomplete_expired` is terminal: canceled. A status
 * Stripe adds later is past_due too, never a paid plan by accident.
 */
export function statusFromStripe(status: Stripe.Subscription.Status): ProviderStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'past_due';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * A subscription's whole state. Since API version 2025-03-31 the billing period lives on each
 * subscription item (`items.data[].current_period_end`), not on the subscription; Cairn's
 * subscriptions have one item. A cancellation scheduled through the portal may set `cancel_at`
 * rather than `cancel_at_period_end`: either means the plan ends, at `cancel_at` when set.
 */
function subscriptionChange(subscription: Stripe.Subscription): BillingChange {
  const item = subscription.items.data[0];
  const status = statusFromStripe(subscription.status);
  const ending =
    status !== 'canceled' && (subscription.cancel_at_period_end || subscription.cancel_at !== null);
  return {
    kind: 'subscription',
    userId: subscription.metadata.userId ?? null,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    priceId: item?.price.id ?? null,
    status,
    cancelAtPeriodEnd: ending,
    currentPeriodEnd: fromUnix(
      ending && subscription.cancel_at !== null ? subscription.cancel_at : item?.current_period_end,
    ),
  };
}

/** What a Stripe event means for Cairn; events it does not act on are `ignored`. */
export function changeOf(event: Stripe.Event): BillingChange {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignored' };
      return {
        kind: 'checkout_completed',
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChange(event.data.object);
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details ?? null;
      if (!details) return { kind: 'ignored' }; // a one-off invoice: no plan depends on it
      return {
        kind: 'payment_failed',
        userId: details.metadata?.userId ?? null,
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(details.subscription),
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

function providerError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(
      error.message,
      {
        type: error.type,
        ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
        ...(error.code !== undefined ? { code: error.code } : {}),
      },
      error.code === 'resource_missing' && error.param === 'customer',
    );
  }
  return new PaymentProviderError(error instanceof Error ? error.message : String(error));
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/** Stripe through its official SDK, at its public API or at `apiBaseUrl` (a proxy, a test fake). */
export function createStripeProvider(config: BillingConfig): PaymentProvider {
  const base = new URL(config.apiBaseUrl);
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    ...(base.port ? { port: base.port } : {}),
    maxNetworkRetries: STRIPE_REQUEST.maxNetworkRetries,
    timeout: STRIPE_REQUEST.timeoutMs,
    telemetry: false,
    appInfo: { name: 'Cairn' },
  });

  return {
    name: 'stripe',

    createCustomer: ({ email, userId }) =>
      call(() => stripe.customers.create({ email, metadata: { userId } })).then((customer) => ({
        customerId: customer.id,
      })),

    createCheckout: async (input) => {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: input.locale,
          metadata: { userId: input.userId, tier: input.tier },
          // The subscription carries the user too, so its events find them in any order.
          subscription_data: { metadata: { userId: input.userId } },
        }),
      );
      if (!session.url) throw new PaymentProviderError('the checkout session has no URL');
      return { url: session.url };
    },

    createPortal: async ({ customerId, returnUrl, locale }) => {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale,
        }),
      );
      return { url: session.url };
    },

    readWebhook: (rawBody, signature) => {
      if (!signature) throw new WebhookInvalidError('no Stripe-Signature header');
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
        if (typeof event.id !== 'string' || typeof event.created !== 'number') {
          throw new Error('the signed body is not an event');
        }
        return {
          id: event.id,
          type: event.type,
          occurredAt: new Date(event.created * 1000),
          change: changeOf(event),
        } satisfies BillingEvent;
      } catch (error) {
        // A bad signature, or (signed, so from someone holding the secret) a body that is no event.
        throw new WebhookInvalidError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
