import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRates } from '../../db/schema';
import { Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** GET /api/v1/fx-rate: euro reference rates, cross rates, the last rate on or before a day. */

let t: TestApp;
let user: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: user } = await registerUser(t.app, 'fx@example.com'));
  await t.database.db.insert(fxRates).values([
    { currency: 'USD', rateDate: '2026-03-02', rate: '1.08', source: 'ecb' },
    { currency: 'USD', rateDate: '2026-03-04', rate: '1.10', source: 'ecb' },
    { currency: 'GBP', rateDate: '2026-03-02', rate: '0.85', source: 'ecb' },
  ]);
});
afterAll(() => t.close());

const get = (query: string) => user.get(`/api/v1/fx-rate?${query}`);

describe('the exchange rate of a day', () => {
  it('reads EUR -> X as published and inverts it for X -> EUR', async () => {
    const direct = await get('from=EUR&to=USD&date=2026-03-02');
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json()).toEqual({
      from: 'EUR',
      to: 'USD',
      date: '2026-03-02',
      rateDate: '2026-03-02',
      rate: '1.08',
    });
    const inverse = await get('from=USD&to=EUR&date=2026-03-02');
    expect(inverse.json().rate).toBe('0.9259259259');
  });

  it('takes the last rate on or before the date (a weekend uses Friday’s)', async () => {
    const res = await get('from=EUR&to=USD&date=2026-03-03');
    expect(res.json()).toMatchObject({ rate: '1.08', rateDate: '2026-03-02' });
    const later = await get('from=EUR&to=USD&date=2026-03-09');
    expect(later.json()).toMatchObject({ rate: '1.1', rateDate: '2026-03-04' });
  });

  it('crosses through the euro: USD -> GBP = rate(GBP) / rate(USD)', async () => {
    const res = await get('from=USD&to=GBP&date=2026-03-05');
    // 0.85 / 1.10; the older rate's date.
    expect(res.json()).toMatchObject({ rate: '0.7727272727', rateDate: '2026-03-02' });
    const same = await get('from=CAD&to=CAD&date=2026-03-05');
    expect(same.json().rate).toBe('1');
  });

  it('answers 404 RATE_NOT_FOUND when no rate is known by then', async () => {
    for (const query of ['from=EUR&to=USD&date=2026-03-01', 'from=CAD&to=EUR&date=2026-03-05']) {
      const res = await get(query);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('RATE_NOT_FOUND');
    }
  });

  it('refuses bad input with 400 and strangers to sign-in with 401', async () => {
    for (const query of [
      'from=EUR&to=USD',
      'from=EURO&to=USD&date=2026-03-02',
      'from=EUR&to=USD&date=2026-02-30',
      'from=EUR&to=USD&date=1800-01-01',
      'to=USD&date=2026-03-02',
      'from=E1R&to=USD&date=2026-03-02',
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
    const anonymous = await new Agent(t.app).get('/api/v1/fx-rate?from=EUR&to=USD&date=2026-03-02');
    expect(anonymous.statusCode).toBe(401);
  });
});
