import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions } from '../../db/schema';
import { Agent, registerUser, uniqueIp } from '../../testing/agent';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { CHECKOUT_HOST, FakeStripeServer, PORTAL_HOST, signedEvent } from './fake-stripe-server';

const SECRET = 'whsec_cairnTestSecret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_cairn',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_CLASSIC: 'price_classic',
  STRIPE_PRICE_PRO: 'price_pro',
};
const SETTINGS = `${TEST_ORIGIN}/settings/subscription`;
const DAY = 86_400;

let fake: FakeStripeServer;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  fake = new FakeStripeServer();
  const url = await fake.start();
  t = await createTestApp({ env: { ...STRIPE_ENV, STRIPE_API_BASE_URL: url } });
  ({ agent: admin } = await registerUser(t.app, 'billing-admin@example.com')); // first: admin
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

let sequence = 0;
/** A Stripe event (the fields Cairn reads, as Stripe shapes them). */
function stripeEvent(type: string, object: object, created: number) {
  sequence += 1;
  return {
    id: `evt_test_${sequence}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function stripeSubscription(input: {
  id: string;
  customer: string;
  userId?: string;
  price: string;
  status: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
}) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: input.userId ? { userId: input.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          price: { id: input.price, object: 'price' },
          current_period_start: input.periodEnd - 30 * DAY,
          current_period_end: input.periodEnd,
        },
      ],
    },
  };
}

const deliver = (payload: string, signature?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });

/** Delivers an event as Stripe does: no session, no Origin, signed. */
async function send(event: { id: string }) {
  const { payload, signature } = signedEvent(event, SECRET);
  const res = await deliver(payload, signature);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
  return res;
}

const planOf = async (agent: Agent) => {
  const res = await agent.get('/api/v1/subscription');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscription;
};

const planRow = async (userId: string) => {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
};

const recorded = (id: string) =>
  t.database.db.select().from(billingEvents).where(eq(billingEvents.id, id));

const allEvents = () => t.database.db.select().from(billingEvents);

const now = () => Math.floor(Date.now() / 1000);

describe('POST /subscription/checkout', () => {
  it("creates the customer once, then a subscription checkout for the plan's price", async () => {
    const { agent, userId } = await registerUser(t.app, 'checkout-buyer@example.com');
    const res = await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${CHECKOUT_HOST}/c/pay/cs_test_\\d+$`));

    const [customer] = fake.callsTo('/v1/customers');
    expect(customer?.headers.authorization).toBe('Bearer sk_test_cairn');
    expect(customer?.form.get('email')).toBe('checkout-buyer@example.com');
    expect(customer?.form.get('metadata[userId]')).toBe(userId);
    const customerId = (await planRow(userId))?.metadata.customerId;
    expect(customerId).toMatch(/^cus_fake\d+$/);

    const session = fake.callsTo('/v1/checkout/sessions').at(-1)?.form;
    expect(Object.fromEntries(session ?? [])).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      success_url: `${SETTINGS}?checkout=success`,
      cancel_url: `${SETTINGS}?checkout=cancelled`,
      locale: 'en',
      'metadata[userId]': userId,
      'metadata[tier]': 'pro',
      'subscription_data[metadata][userId]': userId,
    });

    // Another try (a different plan) reuses the customer.
    const again = await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.callsTo('/v1/customers')).toHaveLength(1);
    const second = fake.callsTo('/v1/checkout/sessions').at(-1)?.form;
    expect(second?.get('customer')).toBe(customerId);
    expect(second?.get('line_items[0][price]')).toBe('price_classic');

    // Nothing is paid yet: the plan is still free and the admin's.
    expect(await planOf(agent)).toMatchObject({
      tier: 'free',
      managedBy: 'admin',
      billingAvailable: true,
    });
  });

  it("opens the checkout in the user's language", async () => {
    const agent = new Agent(t.app, { ip: uniqueIp(), language: 'fr-FR,fr;q=0.9' });
    await registerUser(t.app, 'checkout-fr@example.com', { agent });
    const res = await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.callsTo('/v1/checkout/sessions').at(-1)?.form.get('locale')).toBe('fr');
  });

  it('refuses a free or unknown plan, a signed-out caller, and the plan the admin already gave', async () => {
    const { agent, userId } = await registerUser(t.app, 'checkout-refused@example.com');
    const before = fake.calls.length;
    for (const body of [{ tier: 'free' }, { tier: 'enterprise' }, {}, { tier: 'pro', x: 1 }]) {
      const res = await agent.post('/api/v1/subscription/checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const signedOut = await new Agent(t.app).post('/api/v1/subscription/checkout', { tier: 'pro' });
    expect(signedOut.statusCode).toBe(401);

    expect(
      (await admin.patch(`/api/v1/admin/users/${userId}/subscription`, { tier: 'classic' }))
        .statusCode,
    ).toBe(200);
    const same = await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'current_plan' },
    });
    expect(fake.calls.length).toBe(before);
  });
});

describe('a customer deleted at Stripe', () => {
  it('is replaced by a new one at checkout, and answers the portal with 409', async () => {
    const { agent, userId } = await registerUser(t.app, 'customer-gone@example.com');
    await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
    const gone = (await planRow(userId))?.metadata.customerId as string;
    fake.deleteCustomer(gone);

    const portal = await agent.post('/api/v1/subscription/portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error.details).toEqual({ reason: 'no_billing_account' });
    expect((await planRow(userId))?.metadata.customerId).toBeUndefined();

    await agent.post('/api/v1/subscription/checkout', { tier: 'classic' }); // a customer again
    const second = (await planRow(userId))?.metadata.customerId as string;
    fake.deleteCustomer(second);
    const res = await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${CHECKOUT_HOST}/`));
    const fresh = (await planRow(userId))?.metadata.customerId;
    expect(fresh).toMatch(/^cus_fake\d+$/);
    expect([gone, second]).not.toContain(fresh);
    expect(fake.callsTo('/v1/checkout/sessions').at(-1)?.form.get('customer')).toBe(fresh);
  });
});

describe('POST /subscription/portal', () => {
  it("opens the customer's portal, returning to the subscription page", async () => {
    const { agent, userId } = await registerUser(t.app, 'portal-user@example.com');
    const none = await agent.post('/api/v1/subscription/portal');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'no_billing_account' },
    });

    await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
    const customerId = (await planRow(userId))?.metadata.customerId;
    const res = await agent.post('/api/v1/subscription/portal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${PORTAL_HOST}/p/session/bps_\\d+$`));
    expect(
      Object.fromEntries(fake.callsTo('/v1/billing_portal/sessions').at(-1)?.form ?? []),
    ).toEqual({
      customer: customerId,
      return_url: SETTINGS,
      locale: 'en',
    });
    expect((await new Agent(t.app).post('/api/v1/subscription/portal')).statusCode).toBe(401);
  });
});

describe('POST /billing/webhook: signatures', () => {
  it('refuses a wrong, missing or stale signature and a tampered body, recording and changing nothing', async () => {
    const { agent, userId } = await registerUser(t.app, 'forged@example.com');
    const before = await planRow(userId);
    const eventsBefore = (await allEvents()).length;
    const forged = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: 'sub_forged',
        customer: 'cus_forged',
        userId,
        price: 'price_pro',
        status: 'active',
        periodEnd: now() + 30 * DAY,
      }),
      now(),
    );
    const good = signedEvent(forged, SECRET);
    const attempts = [
      ['wrong secret', signedEvent(forged, 'whsec_notTheSecret')],
      ['no signature', { payload: good.payload, signature: undefined }],
      ['garbage signature', { payload: good.payload, signature: 'nonsense' }],
      [
        'tampered body',
        { payload: good.payload.replace('price_pro', 'price_classic'), signature: good.signature },
      ],
      ['too old', signedEvent(forged, SECRET, now() - 3600)],
    ] as const;
    for (const [name, { payload, signature }] of attempts) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('WEBHOOK_INVALID');
    }
    expect(await planRow(userId)).toEqual(before);
    expect((await allEvents()).length).toBe(eventsBefore);
    expect(await planOf(agent)).toMatchObject({ tier: 'free', managedBy: 'admin' });
  });

  it('answers a signed body that is not an event, or not JSON, with 400', async () => {
    for (const payload of ['not json', '{"hello":"world"}', '[]', '']) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const res = await deliver(payload, signature);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code, payload).toBe('WEBHOOK_INVALID');
    }
  });

  it('refuses a body over its limit before any signature work', async () => {
    const big = 'x'.repeat(600 * 1024);
    const res = await deliver(JSON.stringify({ big }), 't=1,v1=00');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('POST /billing/webhook: a subscription from checkout to deletion', () => {
  it('follows checkout, creation, scheduled cancellation, failed payment and deletion', async () => {
    const { agent, userId } = await registerUser(t.app, 'lifecycle@example.com');
    const { agent: other, userId: otherId } = await registerUser(t.app, 'bystander@example.com');
    await other.post('/api/v1/subscription/checkout', { tier: 'classic' });
    const bystanderBefore = await planRow(otherId);

    await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
    const customer = (await planRow(userId))?.metadata.customerId as string;
    const start = now() - 600;
    const periodEnd = start + 30 * DAY;
    const periodEndIso = new Date(periodEnd * 1000).toISOString();
    const subscription = (changes: Partial<Parameters<typeof stripeSubscription>[0]> = {}) =>
      stripeSubscription({
        id: 'sub_life',
        customer,
        userId,
        price: 'price_pro',
        status: 'active',
        periodEnd,
        ...changes,
      });

    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: 'cs_test_life',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: userId,
        customer,
        subscription: 'sub_life',
        metadata: { userId, tier: 'pro' },
      },
      start,
    );
    await send(completed);
    expect(await planOf(agent)).toMatchObject({ tier: 'free', managedBy: 'billing' });
    expect((await planRow(userId))?.metadata).toMatchObject({
      provider: 'stripe',
      customerId: customer,
      subscriptionId: 'sub_life',
    });

    await send(stripeEvent('customer.subscription.created', subscription(), start + 1));
    expect(await planOf(agent)).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEndIso,
      managedBy: 'billing',
      features: expect.arrayContaining(['api_access']),
    });
    // Paying already: checkout sends to the portal rather than a second subscription.
    const switchPlan = await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
    expect(switchPlan.statusCode).toBe(200);
    expect(switchPlan.json().url).toMatch(new RegExp(`^${PORTAL_HOST}/`));

    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscription({ cancelAtPeriodEnd: true }),
        start + 2,
      ),
    );
    expect(await planOf(agent)).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEndIso,
    });

    const failed = stripeEvent(
      'invoice.payment_failed',
      {
        id: 'in_life',
        object: 'invoice',
        customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: 'sub_life', metadata: { userId } },
        },
      },
      start + 3,
    );
    await send(failed);
    // Owed: the plan counts as free until paid.
    expect(await planOf(agent)).toMatchObject({
      tier: 'pro',
      status: 'past_due',
      limits: { portfolioAssets: 10 },
      features: [],
    });

    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscription({ status: 'canceled', cancelAtPeriodEnd: true }),
        start + 4,
      ),
    );
    expect(await planOf(agent)).toMatchObject({
      tier: 'pro',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      managedBy: 'billing',
      limits: { portfolioAssets: 10 },
      features: [],
    });

    // Each event is recorded once, applied, with its user.
    const events = (await allEvents()).filter((row) => row.userId === userId);
    expect(events.map((row) => [row.type, row.outcome])).toEqual([
      ['checkout.session.completed', 'applied'],
      ['customer.subscription.created', 'applied'],
      ['customer.subscription.updated', 'applied'],
      ['invoice.payment_failed', 'applied'],
      ['customer.subscription.deleted', 'applied'],
    ]);
    expect(
      t.logs.some(
        (line) =>
          line.msg === 'billing event customer.subscription.deleted: applied' &&
          line.userId === userId,
      ),
    ).toBe(true);

    // Paying again starts a new checkout (the ended subscription no longer counts) on the same customer.
    const again = await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
    expect(again.json().url).toMatch(new RegExp(`^${CHECKOUT_HOST}/`));
    expect(fake.callsTo('/v1/checkout/sessions').at(-1)?.form.get('customer')).toBe(customer);
    await send(
      stripeEvent(
        'customer.subscription.created',
        subscription({ id: 'sub_life2', periodEnd: periodEnd + 60 * DAY }),
        start + 5,
      ),
    );
    expect(await planOf(agent)).toMatchObject({ tier: 'pro', status: 'active' });
    expect((await planRow(userId))?.metadata.subscriptionId).toBe('sub_life2');
    // A late event of the old subscription does not touch the new one.
    await send(
      stripeEvent(
        'invoice.payment_failed',
        { ...failed.data.object, id: 'in_life_late' },
        start + 6,
      ),
    );
    expect(await planOf(agent)).toMatchObject({ tier: 'pro', status: 'active' });

    // None of it touched the other user.
    expect(await planRow(otherId)).toEqual(bystanderBefore);
  });
});

describe('POST /billing/webhook: idempotency and order', () => {
  async function subscribed(email: string, tier: 'classic' | 'pro') {
    const { agent, userId } = await registerUser(t.app, email);
    await agent.post('/api/v1/subscription/checkout', { tier });
    const customer = (await planRow(userId))?.metadata.customerId as string;
    return { agent, userId, customer };
  }

  it('applies a replayed event id once: a replay answers 200 and changes nothing', async () => {
    const { agent, userId, customer } = await subscribed('replay@example.com', 'classic');
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: 'sub_replay',
        customer,
        userId,
        price: 'price_classic',
        status: 'active',
        periodEnd: now() + 30 * DAY,
      }),
      now(),
    );
    await send(created);
    expect(await planOf(agent)).toMatchObject({ tier: 'classic', status: 'active' });
    // The admin changes the plan meanwhile; the replay must not undo it.
    await admin.patch(`/api/v1/admin/users/${userId}/subscription`, {
      tier: 'pro',
      status: 'canceled',
    });
    const before = await planRow(userId);
    const count = (await allEvents()).length;

    await send(created);
    await send(created);
    expect(await planRow(userId)).toEqual(before);
    expect((await allEvents()).length).toBe(count);
    expect(await recorded(created.id)).toEqual([
      expect.objectContaining({
        outcome: 'applied',
        userId,
        type: 'customer.subscription.created',
      }),
    ]);
  });

  it('records an older event arriving after a newer one without undoing it', async () => {
    const { agent, userId, customer } = await subscribed('late@example.com', 'classic');
    const t0 = now() - 300;
    const state = (status: string, created: number) =>
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({
          id: 'sub_late',
          customer,
          userId,
          price: 'price_classic',
          status,
          periodEnd: t0 + 30 * DAY,
        }),
        created,
      );
    await send(state('active', t0));
    const newer = state('past_due', t0 + 20);
    const older = state('active', t0 + 10);
    await send(newer);
    await send(older);
    expect(await planOf(agent)).toMatchObject({ tier: 'classic', status: 'past_due' });
    expect(await recorded(older.id)).toEqual([
      expect.objectContaining({ outcome: 'stale', userId }),
    ]);
    // A newer one still applies.
    await send(state('active', t0 + 30));
    expect(await planOf(agent)).toMatchObject({ status: 'active' });
  });

  it('finds the user by customer when the subscription carries none, and records what it cannot place', async () => {
    const { agent, userId, customer } = await subscribed('by-customer@example.com', 'pro');
    await send(
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({
          id: 'sub_by_customer',
          customer,
          price: 'price_pro',
          status: 'trialing',
          periodEnd: now() + 14 * DAY,
        }),
        now(),
      ),
    );
    expect(await planOf(agent)).toMatchObject({ tier: 'pro', status: 'trialing' });

    const stranger = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: 'sub_stranger',
        customer: 'cus_nobody',
        price: 'price_pro',
        status: 'active',
        periodEnd: now() + 30 * DAY,
      }),
      now(),
    );
    await send(stranger);
    const notUuid = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: 'sub_bad_user',
        customer: 'cus_nobody',
        userId: 'not-a-uuid',
        price: 'price_pro',
        status: 'active',
        periodEnd: now() + 30 * DAY,
      }),
      now(),
    );
    await send(notUuid);
    for (const event of [stranger, notUuid]) {
      expect(await recorded(event.id)).toEqual([
        expect.objectContaining({ outcome: 'unknown_user', userId: null }),
      ]);
    }
    expect(await planRow(userId)).toMatchObject({ tier: 'pro', status: 'trialing' });
  });

  it('records events it does not act on as ignored, answering 200', async () => {
    const ignored = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }, now());
    await send(ignored);
    expect(await recorded(ignored.id)).toEqual([
      expect.objectContaining({ outcome: 'ignored', type: 'customer.created', userId: null }),
    ]);
  });
});

describe('the payment provider down', () => {
  it('answers 502 BILLING_UNAVAILABLE after one retry when Stripe fails', async () => {
    const { agent, userId } = await registerUser(t.app, 'outage@example.com');
    fake.failWith(500);
    try {
      const before = fake.calls.length;
      const res = await agent.post('/api/v1/subscription/checkout', { tier: 'pro' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('BILLING_UNAVAILABLE');
      expect(fake.calls.length - before).toBe(2); // the call and one retry
      expect((await planRow(userId))?.metadata.customerId).toBeUndefined();
    } finally {
      fake.failWith(null);
    }
  });

  it('answers 502 BILLING_UNAVAILABLE when Stripe cannot be reached', async () => {
    const closed = new FakeStripeServer();
    const url = await closed.start();
    await closed.stop();
    const unreachable = await createTestApp({
      testDb: t.testDb,
      env: { ...STRIPE_ENV, STRIPE_API_BASE_URL: url },
    });
    try {
      const { agent } = await registerUser(unreachable.app, 'unreachable@example.com');
      const res = await agent.post('/api/v1/subscription/checkout', { tier: 'classic' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('BILLING_UNAVAILABLE');
    } finally {
      await unreachable.close();
    }
  });
});

describe('billing not configured', () => {
  it('answers 409 BILLING_NOT_CONFIGURED on all three endpoints', async () => {
    const plain = await createTestApp({ testDb: t.testDb });
    try {
      const { agent } = await registerUser(plain.app, 'no-billing@example.com');
      expect(await planOf(agent)).toMatchObject({ billingAvailable: false, managedBy: 'admin' });
      const { payload, signature } = signedEvent({ id: 'evt_unconfigured' }, SECRET);
      for (const res of [
        await agent.post('/api/v1/subscription/checkout', { tier: 'pro' }),
        await agent.post('/api/v1/subscription/portal'),
        await deliver(payload, signature, plain.app),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.code).toBe('BILLING_NOT_CONFIGURED');
      }
    } finally {
      await plain.close();
    }
  });
});
