import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { changeOf, statusFromStripe } from './stripe.provider';

const PERIOD_END = 1_790_000_000;

/** A Stripe event as the webhook reads it (only the fields Cairn reads are filled in). */
const event = (type: string, object: object) =>
  ({ id: 'evt_1', object: 'event', type, created: 1, data: { object } }) as unknown as Stripe.Event;

const subscription = (fields: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: { id: 'cus_1', object: 'customer' },
  status: 'active',
  cancel_at_period_end: false,
  cancel_at: null,
  metadata: { userId: 'u1' },
  items: { data: [{ price: { id: 'price_pro' }, current_period_end: PERIOD_END }] },
  ...fields,
});

describe('statusFromStripe', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past_due', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', 'past_due'],
    ['unpaid', 'past_due'],
    ['paused', 'past_due'],
    ['a_status_from_the_future', 'past_due'],
  ])('reads %s as %s', (stripe, ours) => {
    expect(statusFromStripe(stripe)).toBe(ours);
  });
});

describe('changeOf', () => {
  it("reads a subscription's state, its period from its item", () => {
    expect(changeOf(event('customer.subscription.updated', subscription()))).toEqual({
      kind: 'subscription',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      priceId: 'price_pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
  });

  it('reads a cancellation scheduled with cancel_at as ending then', () => {
    const cancelAt = PERIOD_END + 86_400;
    expect(
      changeOf(event('customer.subscription.updated', subscription({ cancel_at: cancelAt }))),
    ).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(cancelAt * 1000) });
  });

  it('reads a deleted subscription as canceled with nothing pending', () => {
    expect(
      changeOf(
        event(
          'customer.subscription.deleted',
          subscription({ status: 'canceled', cancel_at_period_end: true }),
        ),
      ),
    ).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('ignores a one-time checkout, an invoice of no subscription, and other events', () => {
    expect(
      changeOf(event('checkout.session.completed', { mode: 'payment', metadata: {} })),
    ).toEqual({ kind: 'ignored' });
    expect(changeOf(event('invoice.payment_failed', { customer: 'cus_1', parent: null }))).toEqual({
      kind: 'ignored',
    });
    expect(changeOf(event('charge.refunded', {}))).toEqual({ kind: 'ignored' });
  });

  it('reads the user of a failed invoice from its subscription details', () => {
    expect(
      changeOf(
        event('invoice.payment_failed', {
          customer: 'cus_1',
          parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } } },
        }),
      ),
    ).toEqual({
      kind: 'payment_failed',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });
});
