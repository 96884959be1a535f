import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@/contracts/errors';
import { isStorableText } from '@/contracts/input-rules';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from './testing/agent';
import { type CatalogRoute, fillPath, pathParams, RouteCatalog } from './testing/fuzz/catalog';
import { changedTables, digestUserData } from './testing/fuzz/digest';
import {
  BAD_IDS,
  badText,
  extremesFor,
  badValue,
  encodeQueryValue,
  UNSTORABLE_TEXTS,
} from './testing/fuzz/values';
import {
  basesOf,
  defOf,
  type FieldPath,
  fieldsOf,
  textFieldsWithoutRule,
  unwrap,
  valueAt,
  withValue,
} from './testing/fuzz/zod-shape';
import { createTestApp, TEST_ORIGIN, type TestApp } from './testing/test-app';

/**
 * No input answers 5xx (issue 12). Every POST/PATCH/PUT/DELETE route and every query parameter,
 * read from the registered routes' zod contracts, gets bad and extreme input (wrong types,
 * extremes, U+0000, lone surrogates, huge strings, unicode, bad dates, long path ids) from a
 * signed-in user who owns a portfolio with holdings, transactions and a savings account. A refused
 * request answers the error envelope with a 4xx and stores nothing (a digest of every user-data
 * table before and after).
 */

/** The sweeps send a few thousand requests: room for a busy machine (no test times them). */
const FUZZ_TIMEOUT_MS = 90_000;

/** Routes left out, and why. */
const SKIP = new Set([
  // Ends the fuzzing user's own session (its body is not read).
  'POST /api/v1/auth/logout',
  // A WebSocket upgrade, not a request/answer route.
  'GET /api/v1/realtime',
]);

/**
 * Routes that store user data: their sample must be accepted as it is, so that spoiling one field
 * at a time reaches the database.
 */
const DEEP_ROUTES = new Set([
  'POST /api/v1/portfolios',
  'PATCH /api/v1/portfolios/:id',
  'POST /api/v1/portfolios/:id/simulations',
  'PATCH /api/v1/simulations/:id',
  'POST /api/v1/portfolios/:id/holdings',
  'PATCH /api/v1/holdings/:id',
  'POST /api/v1/portfolios/:id/transactions',
  'POST /api/v1/portfolios/:id/transactions/preview',
  'PATCH /api/v1/transactions/:id',
  'POST /api/v1/holdings/:id/savings/rate',
  'POST /api/v1/holdings/:id/savings/transactions',
  'POST /api/v1/portfolios/:id/import',
  'PATCH /api/v1/settings',
  'PATCH /api/v1/profile',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/mfa/factors',
  'PUT /api/v1/market-data/prices/:symbol',
]);

const catalog = new RouteCatalog();
let t: TestApp;
let cookie = '';
const ids: Record<string, string> = {};
let hints: Record<string, unknown> = {};
let digest: Record<string, string> = {};
const sessionEndedBy = new Set<string>();
const OWNER = 'fuzz-owner@example.com';

async function signIn() {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const res = await agent.post('/api/v1/auth/login', { email: OWNER, password: STRONG_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  cookie = agent.cookieHeader();
}

type Sent = { method: string; url: string; payload?: unknown };

/**
 * Whether a body holds text PostgreSQL cannot store, in any string (key or value) at any depth.
 * Read from the values, not their JSON: the six characters `\u0000` typed as text are storable.
 */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, inner]) => !isStorableText(key) || holdsUnstorable(inner),
    );
  }
  return false;
}

/**
 * Whether the server reads a query value as text it cannot store. A lone surrogate cannot be
 * percent-encoded: it is sent escaped (`%uD800`, see `encodeQueryValue`), which the server reads
 * as that literal, storable text; U+0000 in a well-formed value arrives as U+0000.
 */
function queryUnstorable(value: string): boolean {
  try {
    encodeURIComponent(value);
  } catch {
    return false;
  }
  return !isStorableText(value);
}

async function send(request: Sent): Promise<LightMyRequestResponse> {
  const hasBody = request.payload !== undefined;
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    ...(hasBody ? { payload: JSON.stringify(request.payload) } : {}),
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    remoteAddress: uniqueIp(),
  });
}

async function setupCall(method: 'POST' | 'GET', url: string, payload?: unknown) {
  const res = await send({ method, url, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

const describeRequest = (request: Sent, res: LightMyRequestResponse) => {
  const payload = JSON.stringify(request.payload) ?? '';
  return `${request.method} ${request.url.slice(0, 300)} ${payload.slice(0, 400)} -> ${res.statusCode} ${res.body.slice(0, 400)}`;
};

/** Sends a request and checks the rules of the test; `spoiled`: it carries unstorable text. */
async function check(request: Sent, spoiled = false) {
  const res = await send(request);
  const what = describeRequest(request, res);
  expect(res.statusCode, what).toBeLessThan(500);
  await t.app.ctx.jobs.idle();
  await t.app.ctx.scheduler.idle();
  const after = await digestUserData(t.database);
  if (res.statusCode >= 400) {
    expect(() => errorResponseSchema.parse(res.json()), what).not.toThrow();
    expect(changedTables(digest, after), `stored on refusal: ${what}`).toEqual([]);
  } else {
    if (spoiled) expect.fail(`accepted text PostgreSQL cannot store: ${what}`);
    // Only an accepted request can end the session the run needs (registering or signing in
    // as someone else does): note which, and sign in again.
    const session = await send({ method: 'GET', url: '/api/v1/auth/session' });
    if (session.statusCode !== 200) {
      sessionEndedBy.add(`${request.method} ${request.url.split('?')[0]}`);
      await signIn();
      digest = await digestUserData(t.database);
      return res;
    }
  }
  digest = after;
  return res;
}

/** The signed-in user's real ids for a route's path parameters. */
function realPathValues(route: CatalogRoute): Record<string, string> {
  const segment = route.url.split('/')[3] ?? '';
  const values: Record<string, string> = {};
  for (const name of pathParams(route.url)) {
    if (name === 'file') values[name] = 'transactions.csv';
    else if (name === 'code') values[name] = 'ABCDEFGH';
    else if (name === 'symbol') values[name] = 'FUZZ';
    else if (segment === 'holdings' && route.url.includes('/savings'))
      values[name] = ids.savings as string;
    else
      values[name] =
        {
          portfolios: ids.portfolio,
          holdings: ids.market,
          transactions: ids.transaction,
          simulations: ids.simulation,
          shares: ids.share,
          admin: ids.user,
        }[segment] ?? '4a6c1d7e-0f3b-4d2a-9e8c-7b5a4f3e2d1c';
  }
  return values;
}

type Target = {
  route: CatalogRoute;
  bases: unknown[];
  fields: FieldPath[][];
  queryKeys: string[];
  params: string[];
};
let targets: Target[] = [];

const queryKeysOf = (schema: CatalogRoute['querystring']) => {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? Object.keys(def.shape as Record<string, unknown>) : [];
};

function urlOf(target: Target, query: [string, string][] = [], badPath?: [string, string]) {
  const values = realPathValues(target.route);
  if (badPath) values[badPath[0]] = badPath[1];
  const path = fillPath(target.route.url, values);
  const search = query.map(([key, value]) => `${key}=${encodeQueryValue(value)}`).join('&');
  return search ? `${path}?${search}` : path;
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: catalog.onRoute });
  const { agent, userId } = await registerUser(t.app, OWNER);
  cookie = agent.cookieHeader();
  ids.user = userId;
  const portfolio = await setupCall('POST', '/api/v1/portfolios', { name: 'Fuzz portfolio' });
  ids.portfolio = (portfolio.portfolio as { id: string }).id;
  const holdings = `/api/v1/portfolios/${ids.portfolio}/holdings`;
  const market = await setupCall('POST', holdings, {
    class: 'market',
    symbol: 'FUZZ',
    close: '1',
    volume: '1',
    name: 'Fuzz Corp',
    quantity: '10',
    purchasePrice: '100',
    currentPrice: '120',
    purchaseDate: '2024-01-02',
  });
  ids.market = (market.holding as { id: string }).id;
  const savings = await setupCall('POST', holdings, {
    class: 'savings',
    accountName: 'Fuzz savings',
    bankName: 'Fuzz bank',
    accountType: 'livret_a',
    currentBalance: '1000',
    openingDate: '2024-01-02',
    interestRate: '3',
  });
  ids.savings = (savings.holding as { id: string }).id;
  const trade = { assetId: ids.market, price: '110' };
  const transactions = `/api/v1/portfolios/${ids.portfolio}/transactions`;
  const buy = await setupCall('POST', transactions, {
    ...trade,
    transactionType: 'buy',
    quantity: '5',
    tradeDate: '2024-02-01',
  });
  ids.transaction = (buy.transaction as { id: string }).id;
  await setupCall('POST', transactions, {
    ...trade,
    transactionType: 'sell',
    quantity: '3',
    tradeDate: '2024-03-01',
  });
  await setupCall('POST', `/api/v1/holdings/${ids.savings}/savings/transactions`, {
    transactionType: 'deposit',
    amount: '100',
    transactionDate: '2024-04-01',
  });
  const lots = await setupCall('GET', `/api/v1/holdings/${ids.market}/lots`);
  const simulation = await setupCall('POST', `/api/v1/portfolios/${ids.portfolio}/simulations`, {
    name: 'Fuzz simulation',
  });
  ids.simulation = (simulation.simulation as { id: string }).id;
  const share = await setupCall('POST', `/api/v1/portfolios/${ids.portfolio}/shares`, {
    email: 'fuzz-friend@example.com',
    permissionLevel: 'read',
  });
  ids.share = (share.share as { id: string }).id;
  hints = {
    assetId: ids.market,
    lotId: (lots.lots as { id: string }[])[0]?.id,
    factorId: '4a6c1d7e-0f3b-4d2a-9e8c-7b5a4f3e2d1c',
    sharedSimulationIds: [ids.simulation],
    email: 'fuzz-someone@example.com',
    transactionType: 'buy',
    tradeDate: '2024-05-02',
    settlementDate: '2024-05-06',
    assetType: 'market_investment',
    quantity: '1',
    symbol: 'FUZZ',
    // A browser's Web Push subscription.
    endpoint: 'https://push.example.com/send/fuzz',
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
    // A change of lots is for specific-lot sales; an avatar is uploaded, not linked.
    selectedLots: undefined,
    avatarUrl: undefined,
  };
  targets = catalog.fuzzTargets(SKIP).map((route) => {
    const bases = route.body ? basesOf(route.body, hints) : [undefined];
    return {
      route,
      bases,
      fields: bases.map((base) => (route.body ? fieldsOf(route.body, base) : [])),
      queryKeys: queryKeysOf(route.querystring),
      params: pathParams(route.url),
    };
  });
  digest = await digestUserData(t.database);
}, 120_000);
afterAll(() => t?.close());

describe('no input answers 5xx', () => {
  it('finds the routes, and every text field of their contracts carries the text rule', () => {
    const mutating = targets.filter((target) => target.route.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(50);
    for (const path of [
      'POST /api/v1/portfolios/:id/transactions',
      'PATCH /api/v1/transactions/:id',
      'POST /api/v1/holdings/:id/savings/transactions',
      'POST /api/v1/portfolios/:id/import',
      'GET /api/v1/portfolios/:id/transactions',
    ])
      expect(targets.map((target) => `${target.route.method} ${target.route.url}`)).toContain(path);
    const missing = catalog.routes.flatMap((route) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => {
        const schema = route[part];
        return schema
          ? textFieldsWithoutRule(schema).map((f) => `${route.method} ${route.url} ${part}.${f}`)
          : [];
      }),
    );
    expect(missing).toEqual([]);
    // Every body has a valid sample to spoil field by field (else the sweep would stop early).
    const unsampled = targets.flatMap((target) =>
      target.route.body
        ? target.bases
            .filter((base) => !target.route.body?.safeParse(base).success)
            .map(() => `${target.route.method} ${target.route.url}`)
        : [],
    );
    expect(unsampled).toEqual([]);
  });

  it('reaches the database: the unspoiled sample of every data route is accepted', async () => {
    const refused: string[] = [];
    for (const target of targets) {
      const name = `${target.route.method} ${target.route.url}`;
      if (!DEEP_ROUTES.has(name)) continue;
      for (const base of target.bases) {
        const res = await check({ method: target.route.method, url: urlOf(target), payload: base });
        if (res.statusCode >= 300) refused.push(`${name} ${res.body.slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(
      targets.filter((target) => DEEP_ROUTES.has(`${target.route.method} ${target.route.url}`)),
    ).toHaveLength(DEEP_ROUTES.size);
  });

  it(
    'refuses U+0000 and lone surrogates in every body field, query parameter and path',
    async () => {
      let sent = 0;
      for (const target of targets) {
        const { route } = target;
        for (const [index, base] of target.bases.entries()) {
          for (const field of target.fields[index] ?? []) {
            const value = UNSTORABLE_TEXTS[sent % UNSTORABLE_TEXTS.length];
            await check(
              { method: route.method, url: urlOf(target), payload: withValue(base, field, value) },
              true,
            );
            sent += 1;
          }
        }
        for (const key of target.queryKeys) {
          await check({ method: route.method, url: urlOf(target, [[key, 'a\u0000b']]) }, true);
          sent += 1;
        }
        for (const name of target.params) {
          await check(
            {
              method: route.method,
              url: urlOf(target, [], [name, 'x%00']),
              payload: target.bases[0],
            },
            true,
          );
          sent += 1;
        }
      }
      expect(sent).toBeGreaterThan(200);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'holds the extremes of every field of the data routes',
    async () => {
      for (const target of targets) {
        if (!DEEP_ROUTES.has(`${target.route.method} ${target.route.url}`)) continue;
        for (const [index, base] of target.bases.entries()) {
          for (const field of target.fields[index] ?? []) {
            for (const value of extremesFor(valueAt(base, field)))
              await check({
                method: target.route.method,
                url: urlOf(target),
                payload: withValue(base, field, value),
              });
          }
        }
      }
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers bad and extreme input with a 4xx envelope and stores nothing on refusal',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            target: fc.nat(),
            base: fc.nat(),
            fields: fc.array(fc.tuple(fc.nat(), fc.oneof(badValue, fc.constant(undefined))), {
              minLength: 1,
              maxLength: 3,
            }),
            query: fc.array(fc.tuple(fc.nat(), badText), { maxLength: 2 }),
            badPath: fc.option(fc.tuple(fc.nat(), fc.constantFrom(...BAD_IDS)), { freq: 3 }),
          }),
          async (input) => {
            const target = targets[input.target % targets.length] as Target;
            const baseIndex = input.base % target.bases.length;
            let payload = target.bases[baseIndex];
            const fields = target.fields[baseIndex] ?? [];
            if (fields.length) {
              for (const [index, value] of input.fields)
                payload = withValue(payload, fields[index % fields.length] as FieldPath, value);
            }
            const query: [string, string][] = target.queryKeys.length
              ? input.query.map(([index, value]) => [
                  target.queryKeys[index % target.queryKeys.length] as string,
                  value,
                ])
              : [];
            const param =
              target.params.length && input.badPath
                ? ([target.params[input.badPath[0] % target.params.length], input.badPath[1]] as [
                    string,
                    string,
                  ])
                : undefined;
            // A DELETE always carries a bad id or query value: an accepted one would delete the
            // data the rest of the run spoils.
            const deleting = target.route.method === 'DELETE';
            const spoilPath =
              param ??
              (deleting && target.params.length
                ? ([target.params[0], 'x%00'] as [string, string])
                : undefined);
            const spoilQuery =
              deleting && !spoilPath && target.queryKeys.length && !query.length
                ? ([[target.queryKeys[0], 'a\u0000b']] as [string, string][])
                : query;
            const carriesUnstorable =
              !!spoilPath?.[1].includes('%00') ||
              spoilQuery.some(([, value]) => queryUnstorable(value)) ||
              (target.route.body !== null && holdsUnstorable(payload));
            await check(
              { method: target.route.method, url: urlOf(target, spoilQuery, spoilPath), payload },
              carriesUnstorable,
            );
          },
        ),
        { numRuns: 250, seed: 20_261_125, endOnFailure: true },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it('ran signed in: only signing in as another account ended the session', async () => {
    expect([...sessionEndedBy].filter((route) => !route.startsWith('POST /api/v1/auth/'))).toEqual(
      [],
    );
    const res = await send({ method: 'GET', url: '/api/v1/auth/session' });
    expect(res.statusCode).toBe(200);
  });
});
