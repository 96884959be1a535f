import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API in tests (127.0.0.1, a free port), speaking what Cairn
 * calls: customers, checkout sessions and portal sessions, with Stripe's form-encoded bodies
 * (`line_items[0][price]=...`). `failWith(status)` makes every call fail as an outage would.
 * Nothing leaves the machine.
 */

export type StripeCall = {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
};

export const CHECKOUT_HOST = 'https://checkout.stripe.test';
export const PORTAL_HOST = 'https://billing.stripe.test';

export class FakeStripeServer {
  readonly calls: StripeCall[] = [];
  private failure: number | null = null;
  private readonly deletedCustomers = new Set<string>();
  private counter = 0;
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const call = {
          method: request.method ?? 'GET',
          path: new URL(request.url ?? '/', 'http://fake').pathname,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
          headers: request.headers,
        };
        this.calls.push(call);
        const [status, body] = this.answer(call);
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_fake',
        });
        response.end(JSON.stringify(body));
      });
    });
  }

  private answer(call: StripeCall): [number, unknown] {
    if (this.failure !== null) {
      return [
        this.failure,
        { error: { type: 'api_error', message: 'The fake Stripe is down for this test.' } },
      ];
    }
    const customer = call.form.get('customer');
    if (customer !== null && this.deletedCustomers.has(customer)) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'customer',
            message: `No such customer: '${customer}'`,
          },
        },
      ];
    }
    this.counter += 1;
    const n = this.counter;
    const route = `${call.method} ${call.path}`;
    switch (route) {
      case 'POST /v1/customers':
        return [
          200,
          {
            id: `cus_fake${n}`,
            object: 'customer',
            email: call.form.get('email'),
            metadata: { userId: call.form.get('metadata[userId]') },
          },
        ];
      case 'POST /v1/checkout/sessions':
        return [
          200,
          {
            id: `cs_test_${n}`,
            object: 'checkout.session',
            mode: call.form.get('mode'),
            customer: call.form.get('customer'),
            url: `${CHECKOUT_HOST}/c/pay/cs_test_${n}`,
          },
        ];
      case 'POST /v1/billing_portal/sessions':
        return [
          200,
          {
            id: `bps_${n}`,
            object: 'billing_portal.session',
            customer: call.form.get('customer'),
            return_url: call.form.get('return_url'),
            url: `${PORTAL_HOST}/p/session/bps_${n}`,
          },
        ];
      default:
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${route}).`,
            },
          },
        ];
    }
  }

  /** Every later call answers `status` with a Stripe API error (null: answer normally again). */
  failWith(status: number | null) {
    this.failure = status;
  }

  /** The customer is gone (deleted in Stripe's dashboard): calls naming it answer resource_missing. */
  deleteCustomer(customerId: string) {
    this.deletedCustomers.add(customerId);
  }

  callsTo(path: string) {
    return this.calls.filter((call) => call.path === path);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A webhook request as Stripe sends it: the JSON body and its Stripe-Signature header. */
export function signedEvent(event: object, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
  return { payload, signature };
}
