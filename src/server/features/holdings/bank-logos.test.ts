import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { BANK_LOGO_SIZE, bankLogoKey } from './bank-logos';

let t: TestApp;
let owner: Agent;
let portfolioId: string;
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  const png = await sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 90, b: 160, alpha: 1 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/bnp.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The fake bank site is on this machine: allowed here, never by default.
  t = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
  let userId: string;
  ({ agent: owner, userId } = await registerUser(t.app, 'logos@example.com'));
  portfolioId = (await insertPortfolio(t.database.db, userId, { name: 'Logos' })).id;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function account(bankLogoUrl: string | null) {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
    class: 'savings',
    accountName: 'Livret A',
    bankName: 'BNP Paribas',
    accountType: 'livret_a',
    currentBalance: '100',
    openingDate: '2026-01-01',
    ...(bankLogoUrl ? { bankLogoUrl } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.jobs.idle();
  const holding = (await owner.get(`/api/v1/holdings/${res.json().holding.id}`)).json().holding;
  return holding as { id: string; details: Record<string, unknown> };
}

describe("a savings account's bank logo", () => {
  it('is fetched once, re-encoded as a small WebP and served from our origin', async () => {
    const url = `${base}/bnp.png`;
    const first = await account(url);
    expect(first.details.bankLogo).toBe(`/uploads/${bankLogoKey(url)}`);
    const served = await t.app.inject({ method: 'GET', url: first.details.bankLogo as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: BANK_LOGO_SIZE, height: BANK_LOGO_SIZE });

    // A second account at the same bank shares the copy: the address is not fetched again.
    const second = await account(url);
    expect(second.details.bankLogo).toBe(first.details.bankLogo);
    expect(hits.filter((hit) => hit === '/bnp.png')).toHaveLength(1);
  });

  it('leaves none for something that is not a picture or cannot be fetched, and follows edits', async () => {
    const page = await account(`${base}/page.html`);
    expect(page.details.bankLogo ?? null).toBeNull();
    const missing = await account(`${base}/gone.png`);
    expect(missing.details.bankLogo ?? null).toBeNull();
    // A later edit to a good address brings the logo; clearing the address removes it.
    await owner.patch(`/api/v1/holdings/${missing.id}`, {
      details: { bankLogoUrl: `${base}/bnp.png` },
    });
    await t.app.ctx.jobs.idle();
    const fixed = (await owner.get(`/api/v1/holdings/${missing.id}`)).json().holding;
    expect(fixed.details.bankLogo).toBe(`/uploads/${bankLogoKey(`${base}/bnp.png`)}`);
    await owner.patch(`/api/v1/holdings/${missing.id}`, { details: { bankLogoUrl: null } });
    await t.app.ctx.jobs.idle();
    const cleared = (await owner.get(`/api/v1/holdings/${missing.id}`)).json().holding;
    expect(cleared.details.bankLogo ?? null).toBeNull();
  });

  it('is never fetched from a private address by default', async () => {
    const strict = await createTestApp({ testDb: t.testDb });
    try {
      const { agent } = await registerUser(strict.app, 'strict@example.com');
      const created = await agent.post('/api/v1/portfolios', { name: 'Strict' });
      const res = await agent.post(`/api/v1/portfolios/${created.json().portfolio.id}/holdings`, {
        class: 'savings',
        accountName: 'Livret A',
        bankName: 'Local',
        accountType: 'livret_a',
        currentBalance: '100',
        openingDate: '2026-01-01',
        bankLogoUrl: `${base}/bnp.png?strict`,
      });
      expect(res.statusCode, res.body).toBe(201);
      await strict.app.ctx.jobs.idle();
      expect(hits.some((hit) => hit.includes('strict'))).toBe(false);
      expect(strict.rawLogs()).toContain('bank logos not fetched');
    } finally {
      await strict.close();
    }
  });
});
