import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './validation-messages';
import { GATED_FEATURES, SUBSCRIPTION_STATUSES, TIERS } from '@/domain/plans/plans';

export { GATED_FEATURES, SUBSCRIPTION_STATUSES, TIERS };
export type { GatedFeature, SubscriptionStatus, Tier } from '@/domain/plans/plans';

const limit = z.number().int().nullable();

/** The signed-in user's plan, what it allows, and how much of it they use. */
export const subscriptionSchema = z
  .object({
    tier: z.enum(TIERS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    cancelAtPeriodEnd: z.boolean(),
    /** When the paid period ends (renewal or end); null for a plan set by the admin. */
    currentPeriodEnd: z.string().nullable(),
    /** Who changes the plan: the admin of this installation, or a payment provider. */
    managedBy: z.enum(['admin', 'billing']),
    /** A payment provider is configured: upgrades go through its checkout, changes its portal. */
    billingAvailable: z.boolean(),
    limits: z.object({ portfolioAssets: limit, goals: limit }),
    features: z.array(z.enum(GATED_FEATURES)),
    usage: z.object({
      /** Active assets of each portfolio the user owns (its real view). */
      portfolios: z.array(
        z.object({ portfolioId: z.uuid(), name: z.string(), assets: z.number().int() }),
      ),
      goals: z.number().int(),
    }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

/** An admin sets a user's plan (self-hosting: no payment needed). */
export const setSubscriptionBodySchema = z
  .object({
    tier: z.enum(TIERS, { message: M.planInvalid }),
    status: z.enum(SUBSCRIPTION_STATUSES, { message: M.holdingStatusInvalid }).optional(),
  })
  .strict();
export type SetSubscriptionBody = z.infer<typeof setSubscriptionBodySchema>;

/** What the admin's change answers: the plan as stored (no usage: that is the user's). */
export const adminSubscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.pick({
    tier: true,
    status: true,
    cancelAtPeriodEnd: true,
    currentPeriodEnd: true,
    managedBy: true,
  }),
});

/** The paid plans a user can buy. */
export const PAID_TIERS = ['classic', 'pro'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** Starts a payment provider checkout for a paid plan. */
export const checkoutBodySchema = z
  .object({ tier: z.enum(PAID_TIERS, { message: M.paidPlanInvalid }) })
  .strict();
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where to send the browser: the provider's checkout or customer portal page. */
export const billingRedirectResponseSchema = z.object({ url: z.string() });

/** What the payment provider's webhook answers once an event is recorded (or was already). */
export const billingWebhookResponseSchema = z.object({ received: z.literal(true) });
