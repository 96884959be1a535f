import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Language } from '@/contracts/i18n';
import type { CheckoutBody } from '@/contracts/subscription';
import { effectiveTier, type SubscriptionStatus, type Tier, tierOf } from '@/domain/plans/plans';
import type { BillingConfig } from '../../config';
import type { ServerContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { billingEvents, subscriptions, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import {
  type BillingChange,
  type BillingEvent,
  type PaymentProvider,
  PaymentProviderError,
  WebhookInvalidError,
} from './billing.provider';

/**
 * What `subscriptions.metadata` keeps for a plan a payment provider manages. `provider` is set by
 * the first event applied (features/subscription/subscriptions.ts reads it as managedBy 'billing'); a customer
 * created for a checkout that was never finished does not set it.
 */
type BillingMetadata = {
  provider?: string;
  customerId?: string;
  subscriptionId?: string;
  priceId?: string;
  /** ISO 8601: when the paid period ends (renewal, or the end of a cancelled plan). */
  currentPeriodEnd?: string;
  /** ISO 8601: the time of the newest subscription event applied (the order rule). */
  lastEventAt?: string;
};

const BILLING_KEYS = [
  'provider',
  'customerId',
  'subscriptionId',
  'priceId',
  'currentPeriodEnd',
  'lastEventAt',
] as const;

function billingMetadata(metadata: Record<string, unknown>): BillingMetadata {
  const read: BillingMetadata = {};
  for (const key of BILLING_KEYS) {
    const value = metadata[key];
    if (typeof value === 'string' && value) read[key] = value;
  }
  return read;
}

/** Statuses with a subscription still running at the provider (paid, trying, or owed). */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

type PlanRow = typeof subscriptions.$inferSelect;

const hasLiveSubscription = (row: PlanRow, meta: BillingMetadata) =>
  !!meta.provider &&
  !!meta.subscriptionId &&
  LIVE_STATUSES.includes(row.status as SubscriptionStatus);

/** The user's plan row, created free if the account predates plans, locked until the end. */
async function lockPlan(tx: Tx, userId: string, now: Date): Promise<PlanRow> {
  await tx
    .insert(subscriptions)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  if (!row) throw new Error(`the plan row of ${userId} vanished`);
  return row;
}

export function requireBilling(ctx: ServerContext): BillingConfig {
  if (!ctx.config.billing) throw new AppError('BILLING_NOT_CONFIGURED');
  return ctx.config.billing;
}

async function atProvider<T>(request: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.error({ err: error, provider: error.detail }, 'payment provider call failed');
    throw new AppError('BILLING_UNAVAILABLE');
  }
}

export type BillingDeps = {
  ctx: ServerContext;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
};

const settingsUrl = (ctx: ServerContext, query = '') =>
  `${ctx.config.publicUrl.origin}/settings/subscription${query}`;

async function readAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, plan: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', { resource: 'user' });
  return { email: row.email, plan: row.plan, meta: billingMetadata(row.plan?.metadata ?? {}) };
}

/**
 * The user's customer at the provider: the one kept on their plan, else a new one (their email,
 * their id in its metadata), kept. Two checkouts started at once may each create one: the first
 * kept wins and the other stays unused at the provider.
 */
async function customerFor(
  { ctx, provider, log }: BillingDeps,
  userId: string,
  account: { email: string; meta: BillingMetadata },
): Promise<string> {
  if (account.meta.customerId) return account.meta.customerId;
  const { customerId } = await atProvider(
    () => provider.createCustomer({ email: account.email, userId }),
    log,
  );
  return ctx.database.db.transaction(async (tx) => {
    const row = await lockPlan(tx, userId, ctx.clock.now());
    const kept = billingMetadata(row.metadata).customerId;
    if (kept) return kept;
    await tx
      .update(subscriptions)
      .set({ metadata: { ...row.metadata, customerId } })
      .where(eq(subscriptions.userId, userId));
    return customerId;
  });
}

/** Forgets a customer the provider no longer has, so the next checkout creates another. */
async function forgetCustomer(ctx: ServerContext, userId: string, customerId: string) {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockPlan(tx, userId, ctx.clock.now());
    if (billingMetadata(row.metadata).customerId !== customerId) return;
    const { customerId: _forgotten, ...metadata } = row.metadata;
    await tx.update(subscriptions).set({ metadata }).where(eq(subscriptions.userId, userId));
  });
}

const isCustomerMissing = (error: unknown) =>
  error instanceof PaymentProviderError && error.customerMissing;

/**
 * Starts the provider's checkout for a paid plan. Someone whose subscription is still running
 * (active, trialing, or owed) gets the provider's portal instead, where a plan is switched
 * (prorated) or a payment fixed: a second subscription would bill them twice. Asking for the plan
 * the admin already gave them is a conflict.
 */
export async function startCheckout(
  deps: BillingDeps,
  userId: string,
  input: CheckoutBody,
  language: Language,
): Promise<{ url: string }> {
  const billing = requireBilling(deps.ctx);
  const account = await readAccount(deps.ctx.database.db, userId);
  const { plan, meta } = account;
  if (plan && meta.customerId && hasLiveSubscription(plan, meta)) {
    const customerId = meta.customerId;
    deps.log.info({ userId, tier: input.tier }, 'checkout of a paying customer: portal instead');
    return atProvider(
      () =>
        deps.provider.createPortal({
          customerId,
          returnUrl: settingsUrl(deps.ctx),
          locale: language,
        }),
      deps.log,
    );
  }
  if (plan && effectiveTier(tierOf(plan.tier), plan.status as SubscriptionStatus) === input.tier) {
    throw new AppError('CONFLICT', { reason: 'current_plan' }, 'You are already on this plan');
  }
  const checkout = (customerId: string) =>
    deps.provider.createCheckout({
      customerId,
      priceId: billing.prices[input.tier],
      userId,
      tier: input.tier,
      successUrl: settingsUrl(deps.ctx, '?checkout=success'),
      cancelUrl: settingsUrl(deps.ctx, '?checkout=cancelled'),
      locale: language,
    });
  const customerId = await customerFor(deps, userId, account);
  return atProvider(async () => {
    try {
      return await checkout(customerId);
    } catch (error) {
      if (!isCustomerMissing(error)) throw error;
      deps.log.warn({ userId, customerId }, 'the kept customer is gone at the provider: a new one');
      await forgetCustomer(deps.ctx, userId, customerId);
      const { customerId: _gone, ...meta } = account.meta;
      return checkout(await customerFor(deps, userId, { ...account, meta }));
    }
  }, deps.log);
}

const noBillingAccount = () =>
  new AppError(
    'CONFLICT',
    { reason: 'no_billing_account' },
    'There is no billing account yet: choose a plan first',
  );

/**
 * The provider's customer portal (payment method, invoices, cancellation, plan switch). Someone
 * who never started a checkout, or whose customer the provider no longer has, has nothing there:
 * 409 CONFLICT.
 */
export async function openPortal(
  deps: BillingDeps,
  userId: string,
  language: Language,
): Promise<{ url: string }> {
  requireBilling(deps.ctx);
  const { meta } = await readAccount(deps.ctx.database.db, userId);
  const customerId = meta.customerId;
  if (!customerId) throw noBillingAccount();
  return atProvider(async () => {
    try {
      return await deps.provider.createPortal({
        customerId,
        returnUrl: settingsUrl(deps.ctx),
        locale: language,
      });
    } catch (error) {
      if (!isCustomerMissing(error)) throw error;
      deps.log.warn({ userId, customerId }, 'the kept customer is gone at the provider');
      await forgetCustomer(deps.ctx, userId, customerId);
      throw noBillingAccount();
    }
  }, deps.log);
}

/** What became of an event: its `billing_events.outcome`. */
export type EventOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'stale'
  | 'unknown_user'
  | 'other_subscription'
  | 'no_change';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Whose event it is: the user the provider carries back to us, else the customer's owner. */
async function ownerOf(
  tx: Tx,
  change: Exclude<BillingChange, { kind: 'ignored' }>,
): Promise<string | null> {
  if (change.userId !== null) {
    if (!isUuid(change.userId)) return null;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId));
    return user?.id ?? null;
  }
  if (change.customerId === null) return null;
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(sql`${subscriptions.metadata}->>'customerId' = ${change.customerId}`)
    .limit(1);
  return owner?.userId ?? null;
}

function tierOfPrice(billing: BillingConfig, priceId: string | null): Tier | null {
  if (priceId === billing.prices.classic) return 'classic';
  if (priceId === billing.prices.pro) return 'pro';
  return null;
}

/**
 * Applies one event to its user's plan (the row locked). The order rule: a subscription or
 * payment event older than the newest one applied (`lastEventAt`) is recorded, not applied, so a
 * late delivery never undoes a newer state. A checkout completion only links the customer and
 * subscription, so it is never stale and moves no clock.
 */
async function applyChange(
  tx: Tx,
  deps: BillingDeps,
  billing: BillingConfig,
  event: BillingEvent,
  change: Exclude<BillingChange, { kind: 'ignored' }>,
  userId: string,
): Promise<EventOutcome> {
  const now = deps.ctx.clock.now();
  const row = await lockPlan(tx, userId, now);
  const meta = billingMetadata(row.metadata);
  const save = (values: Partial<PlanRow>, next: BillingMetadata) =>
    tx
      .update(subscriptions)
      .set({ ...values, metadata: { ...row.metadata, ...next }, updatedAt: now })
      .where(eq(subscriptions.userId, userId));
  const otherSubscription =
    change.subscriptionId !== null &&
    meta.subscriptionId !== undefined &&
    change.subscriptionId !== meta.subscriptionId;
  const stale = meta.lastEventAt !== undefined && event.occurredAt < new Date(meta.lastEventAt);

  switch (change.kind) {
    case 'checkout_completed': {
      // A finished checkout replaces a subscription that ended, never a running one.
      const link = !meta.subscriptionId || !hasLiveSubscription(row, meta);
      await save(
        {},
        {
          provider: deps.provider.name,
          ...(change.customerId ? { customerId: change.customerId } : {}),
          ...(link && change.subscriptionId ? { subscriptionId: change.subscriptionId } : {}),
        },
      );
      return 'applied';
    }
    case 'subscription': {
      // Another subscription of the same customer (a duplicate checkout, an old one ending) only
      // takes over when it runs or the one kept has ended.
      const takesOver =
        change.status === 'active' ||
        change.status === 'trialing' ||
        !hasLiveSubscription(row, meta);
      if (otherSubscription && !takesOver) return 'other_subscription';
      if (stale) return 'stale';
      const tier = tierOfPrice(billing, change.priceId);
      if (tier === null) {
        deps.log.warn(
          { event: event.id, priceId: change.priceId },
          'billing event for a price that is neither STRIPE_PRICE_CLASSIC nor STRIPE_PRICE_PRO: the tier is kept',
        );
      }
      await save(
        {
          ...(tier ? { tier } : {}),
          status: change.status,
          cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        },
        {
          provider: deps.provider.name,
          ...(change.customerId ? { customerId: change.customerId } : {}),
          subscriptionId: change.subscriptionId,
          ...(change.priceId ? { priceId: change.priceId } : {}),
          currentPeriodEnd: change.currentPeriodEnd?.toISOString(),
          lastEventAt: event.occurredAt.toISOString(),
        },
      );
      return 'applied';
    }
    case 'payment_failed': {
      if (otherSubscription) return 'other_subscription';
      if (stale) return 'stale';
      if (row.status === 'canceled') return 'no_change';
      await save(
        { status: 'past_due' },
        { provider: deps.provider.name, lastEventAt: event.occurredAt.toISOString() },
      );
      return 'applied';
    }
  }
}

/**
 * A provider webhook: verified, then recorded and applied in one transaction. The event's id is
 * the key of `billing_events`: a replay finds its row and changes nothing. Events Cairn does not
 * act on, and events for no known user, are recorded too and answered 200 (the provider would
 * otherwise retry them for days).
 */
export async function receiveWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ event: BillingEvent; outcome: EventOutcome; userId: string | null }> {
  const billing = requireBilling(deps.ctx);
  let event: BillingEvent;
  try {
    event = deps.provider.readWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookInvalidError)) throw error;
    deps.log.warn({ reason: error.message }, 'billing webhook refused');
    throw new AppError('WEBHOOK_INVALID');
  }
  const { ctx } = deps;
  return ctx.database.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvents)
      .values({
        id: event.id,
        provider: deps.provider.name,
        type: event.type,
        occurredAt: event.occurredAt,
        outcome: 'received',
        payload: eventPayload(event.change),
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!recorded) return { event, outcome: 'duplicate' as const, userId: null };

    const { change } = event;
    const userId = change.kind === 'ignored' ? null : await ownerOf(tx, change);
    const outcome: EventOutcome =
      change.kind === 'ignored'
        ? 'ignored'
        : userId === null
          ? 'unknown_user'
          : await applyChange(tx, deps, billing, event, change, userId);
    await tx.update(billingEvents).set({ outcome, userId }).where(eq(billingEvents.id, event.id));
    if (outcome === 'applied' && userId) {
      await ctx.realtime.publish(`user:${userId}`, { type: 'subscription' }, tx);
      await ctx.realtime.publish('admin', { entity: 'users' }, tx);
    }
    return { event, outcome, userId };
  });
}

/** What is kept of an event: the change Cairn read from it (ids and states, no personal data). */
function eventPayload(change: BillingChange): Record<string, unknown> {
  return JSON.parse(JSON.stringify(change)) as Record<string, unknown>;
}
