import type { Language } from '@/contracts/i18n';

/**
 * A payment provider as the billing service sees it: customers, a hosted checkout for a
 * subscription, a hosted portal to manage it, and signed webhook events read into provider-neutral
 * changes. One implementation today (stripe.provider.ts); no provider type leaks past this file.
 */
export type PaymentProvider = {
  readonly name: string;
  createCustomer(input: { email: string; userId: string }): Promise<{ customerId: string }>;
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: {
    customerId: string;
    returnUrl: string;
    locale: Language;
  }): Promise<{ url: string }>;
  /**
   * Verifies the signature over the raw body and reads the event; throws WebhookInvalidError when
   * the signature fails or the signed body is not an event.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
};

export type CheckoutInput = {
  customerId: string;
  priceId: string;
  userId: string;
  tier: string;
  successUrl: string;
  cancelUrl: string;
  locale: Language;
};

/**
 * A subscription's status as the provider reports it, already mapped onto ours (see
 * docs/decisions.md, "Billing (issue 15)").
 */
export type ProviderStatus = 'active' | 'trialing' | 'past_due' | 'canceled';

/** A provider event: its identity and time, and the change it carries. */
export type BillingEvent = {
  id: string;
  type: string;
  occurredAt: Date;
  change: BillingChange;
};

export type BillingChange =
  /** A checkout finished: the customer and subscription now belong to the user. */
  | {
      kind: 'checkout_completed';
      userId: string | null;
      customerId: string | null;
      subscriptionId: string | null;
    }
  /** The whole state of a subscription (created, updated, or deleted: `canceled`). */
  | {
      kind: 'subscription';
      userId: string | null;
      customerId: string | null;
      subscriptionId: string;
      priceId: string | null;
      status: ProviderStatus;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: Date | null;
    }
  /** A subscription's invoice could not be paid. */
  | {
      kind: 'payment_failed';
      userId: string | null;
      customerId: string | null;
      subscriptionId: string | null;
    }
  /** An event Cairn does not act on. */
  | { kind: 'ignored' };

/** The webhook's signature is missing, wrong or too old, its body was altered, or is no event. */
export class WebhookInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookInvalidError';
  }
}

/** The provider could not be reached or refused the call (network, outage, bad key, bad price). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly detail: { type?: string; statusCode?: number; code?: string } = {},
    /** The customer named no longer exists there (deleted in its dashboard, test data reset). */
    readonly customerMissing = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
