import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountShares, mailOutbox, users } from '../../db/schema';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { DAY, FakeClock, SECOND } from '../../platform/clock';
import { hashToken } from '../../platform/crypto';
import { insertSimulation, invitationTokenFor } from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';

let t: TestApp;
const clock = new FakeClock(new Date('2026-11-22T09:00:00.000Z'));
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let counter = 0;
/** A registered user; their email is confirmed unless `confirmed: false`. */
async function newUser(
  options: { fullName?: string; language?: string; confirmed?: boolean } = {},
) {
  counter += 1;
  const email = `person${counter}@example.com`;
  const agent = new Agent(t.app, {
    ip: uniqueIp(),
    ...(options.language ? { language: options.language } : {}),
  });
  const { userId } = await registerUser(t.app, email, {
    agent,
    ...(options.fullName ? { fullName: options.fullName } : {}),
  });
  // Activation confirms the address; an account from before activation links may not be.
  await db()
    .update(users)
    .set({ emailConfirmedAt: options.confirmed === false ? null : clock.now() })
    .where(eq(users.id, userId));
  return { agent, userId, email };
}

/** A fresh sign-in (sessions end after 12 hours; tests move the clock by days). */
async function signIn(email: string) {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const res = await agent.post('/api/v1/auth/login', { email, password: STRONG_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

async function portfolioOf(agent: Agent, name = 'Shared portfolio') {
  const res = await agent.post('/api/v1/portfolios', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().portfolio.id as string;
}

async function invite(owner: Agent, portfolioId: string, body: Record<string, unknown>) {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/shares`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().share as { id: string; sharedWithEmail: string; expiresAt: string };
}

async function shareRow(id: string) {
  const [row] = await db().select().from(accountShares).where(eq(accountShares.id, id));
  return row;
}

describe('inviting', () => {
  it("writes the invitation in the invitee's language when they have an account", async () => {
    // A French account following its browser ('auto'), invited by an English-speaking owner.
    const french = await newUser({ language: 'fr' });
    const english = await newUser({ language: 'en' });
    const owner = await newUser({ language: 'en' });
    const portfolio = await portfolioOf(owner.agent);
    await invite(owner.agent, portfolio, { email: french.email, permissionLevel: 'read' });
    // An account whose preference says English, invited by a French-speaking owner.
    const saved = await english.agent.patch('/api/v1/settings', {
      preferences: { language: 'en' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const frenchOwner = await newUser({ language: 'fr' });
    const other = await portfolioOf(frenchOwner.agent);
    await invite(frenchOwner.agent, other, { email: english.email, permissionLevel: 'read' });

    const subjectTo = async (email: string) => {
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt));
      expect(mail?.template).toBe('portfolio-invitation');
      return mail!.subject;
    };
    expect(await subjectTo(french.email)).toContain('partage');
    expect(await subjectTo(english.email)).not.toContain('partage');
    expect(await subjectTo(english.email)).toContain('shared');
  });

  it('stores only the token’s hash, expires in 7 days and emails a link naming the inviter', async () => {
    const owner = await newUser({ fullName: 'Ana <b>Owner</b>', language: 'fr' });
    const id = await portfolioOf(owner.agent, 'Retraite <script>alert(1)</script>');
    const share = await invite(owner.agent, id, {
      email: '  Friend@Example.com ',
      permissionLevel: 'read',
    });
    expect(share).toMatchObject({
      sharedWithEmail: 'friend@example.com',
      status: 'pending',
      permissionLevel: 'read',
      simulationSharingMode: 'none',
      sharedSimulationIds: [],
      sharedWithUserId: null,
      acceptedAt: null,
      expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });
    const token = await invitationTokenFor(db(), 'friend@example.com');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await shareRow(share.id);
    expect(row?.invitationTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'friend@example.com'))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail?.template).toBe('portfolio-invitation');
    expect(mail?.subject).toContain('Ana <b>Owner</b>'); // French, in the inviter's language
    expect(mail?.subject).toContain('partage');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/accept-invitation?token=${token}`);
    expect(mail?.text).toContain('Retraite <script>alert(1)</script>');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('Retraite &lt;script&gt;');
    expect(mail?.html).toContain('Ana &lt;b&gt;Owner&lt;/b&gt;');
  });

  it('refuses the owner’s own address, a second live share, and a past deadline', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    const self = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: owner.email.toUpperCase(),
      permissionLevel: 'edit',
    });
    expect(self.json().error.code).toBe('SHARE_WITH_SELF');
    await invite(owner.agent, id, { email: 'twice@example.com', permissionLevel: 'read' });
    const again = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'twice@example.com',
      permissionLevel: 'edit',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SHARED');
    const past = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'late@example.com',
      permissionLevel: 'read',
      expiresAt: new Date(clock.now().getTime() - SECOND).toISOString(),
    });
    expect(past.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(past.json().error.message).toMatch(/^expiresAt: /);
    // Past the dates the product holds once read in UTC (the year 10000): 400, never a 500.
    for (const expiresAt of ['9999-12-31T23:59:59-14:00', '3000-01-01T00:00:00Z']) {
      const far = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
        email: 'far@example.com',
        permissionLevel: 'read',
        expiresAt,
      });
      expect(far.statusCode, expiresAt).toBe(400);
      expect(far.json().error.message).toBe(
        'expiresAt: Date must be between 1900-01-01 and 2999-12-31',
      );
    }
    const [share] = await db()
      .select()
      .from(accountShares)
      .where(eq(accountShares.portfolioId, id));
    const extend = await owner.agent.patch(`/api/v1/shares/${share!.id}`, {
      expiresAt: '9999-12-31T23:59:59-14:00',
    });
    expect(extend.statusCode).toBe(400);
    expect(extend.json().error.code).toBe('VALIDATION_ERROR');
    const rows = await db().select().from(accountShares).where(eq(accountShares.portfolioId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBe(share!.expiresAt.getTime());
  });

  it('refuses two invitations of one address at once', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
          email: 'race@example.com',
          permissionLevel: 'read',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('replaces an expired pending invitation', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    const first = await invite(owner.agent, id, {
      email: 'slow@example.com',
      permissionLevel: 'read',
      expiresAt: new Date(clock.now().getTime() + 60 * SECOND).toISOString(),
    });
    clock.advance(61 * SECOND);
    const second = await invite(owner.agent, id, {
      email: 'slow@example.com',
      permissionLevel: 'edit',
    });
    expect((await shareRow(first.id))?.status).toBe('revoked');
    expect((await shareRow(second.id))?.status).toBe('pending');
  });

  it('checks the simulation ids of a "specific" share', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    const other = await portfolioOf(owner.agent, 'Other');
    const mine = await insertSimulation(db(), id, owner.userId);
    const foreign = await insertSimulation(db(), other, owner.userId);
    const none = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'specific@example.com',
      permissionLevel: 'read',
      simulationSharingMode: 'specific',
    });
    expect(none.json().error.message).toBe(
      'sharedSimulationIds: Simulation IDs required when sharing specific simulations',
    );
    const wrong = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'specific@example.com',
      permissionLevel: 'read',
      simulationSharingMode: 'specific',
      sharedSimulationIds: [mine.id, foreign.id],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('VALIDATION_ERROR');
    expect(wrong.json().error.details.issues[0].path).toBe('sharedSimulationIds');
    const notUuid = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'specific@example.com',
      permissionLevel: 'read',
      simulationSharingMode: 'specific',
      sharedSimulationIds: ['nope'],
    });
    expect(notUuid.json().error.code).toBe('VALIDATION_ERROR');
    expect(
      await db().select().from(accountShares).where(eq(accountShares.portfolioId, id)),
    ).toEqual([]);
    const ok = await invite(owner.agent, id, {
      email: 'specific@example.com',
      permissionLevel: 'read',
      simulationSharingMode: 'specific',
      sharedSimulationIds: [mine.id],
    });
    expect(ok).toMatchObject({ sharedSimulationIds: [mine.id] });
  });

  it('limits invitations to 20 an hour per user', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    for (let i = 0; i < 20; i += 1) {
      await invite(owner.agent, id, { email: `many${i}@example.com`, permissionLevel: 'read' });
    }
    const res = await owner.agent.post(`/api/v1/portfolios/${id}/shares`, {
      email: 'one-too-many@example.com',
      permissionLevel: 'read',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('accepting and rejecting', () => {
  it('lists, previews and accepts an invitation until 7 days minus a second', async () => {
    const owner = await newUser({ fullName: 'Olga Owner' });
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent, 'Family');
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'edit' });
    const token = await invitationTokenFor(db(), invitee.email);

    const list = await invitee.agent.get('/api/v1/invitations');
    expect(list.json().invitations).toEqual([
      expect.objectContaining({
        id: share.id,
        permissionLevel: 'edit',
        portfolio: { id, name: 'Family', description: null },
        owner: { id: owner.userId, email: owner.email, displayName: 'Olga Owner' },
      }),
    ]);
    const preview = await invitee.agent.get(`/api/v1/invitations/preview?token=${token}`);
    expect(preview.json().invitation).toMatchObject({ id: share.id, invitedEmail: invitee.email });

    clock.advance(7 * DAY - SECOND);
    const agent = await signIn(invitee.email);
    const res = await agent.post('/api/v1/invitations/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().portfolio).toMatchObject({
      id,
      isOwner: false,
      isDefault: false,
      permissionLevel: 'edit',
      owner: { id: owner.userId },
    });
    expect(await shareRow(share.id)).toMatchObject({
      status: 'accepted',
      sharedWithUserId: invitee.userId,
      acceptedAt: clock.now(),
    });
    expect((await agent.get(`/api/v1/portfolios/${id}`)).statusCode).toBe(200);
    // Used: the token is worth nothing now.
    const again = await agent.post('/api/v1/invitations/accept', { token });
    expect(again.json().error.code).toBe('INVITATION_INVALID');
    expect((await agent.get('/api/v1/invitations')).json().invitations).toEqual([]);
  });

  it('answers from the in-app list by id, only with a confirmed email', async () => {
    const owner = await newUser();
    const confirmed = await newUser();
    const unconfirmed = await newUser({ confirmed: false });
    const id = await portfolioOf(owner.agent, 'By id');
    const first = await invite(owner.agent, id, {
      email: confirmed.email,
      permissionLevel: 'read',
    });
    const second = await invite(owner.agent, id, {
      email: unconfirmed.email,
      permissionLevel: 'read',
    });

    // Until the address is confirmed the list is empty and an id is not enough; nothing changes.
    expect((await unconfirmed.agent.get('/api/v1/invitations')).json().invitations).toEqual([]);
    const refused = await unconfirmed.agent.post('/api/v1/invitations/accept', {
      invitationId: second.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(await shareRow(second.id)).toMatchObject({ status: 'pending', sharedWithUserId: null });
    // Someone else's invitation id is refused too.
    const notTheirs = await confirmed.agent.post('/api/v1/invitations/accept', {
      invitationId: second.id,
    });
    expect(notTheirs.json().error.code).toBe('INVITATION_OTHER_EMAIL');
    expect((await shareRow(second.id))?.status).toBe('pending');
    // Both a token and an id at once is not a valid answer.
    const both = await confirmed.agent.post('/api/v1/invitations/accept', {
      invitationId: first.id,
      token: 'x',
    });
    expect(both.json().error.code).toBe('VALIDATION_ERROR');

    const accepted = await confirmed.agent.post('/api/v1/invitations/accept', {
      invitationId: first.id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().portfolio).toMatchObject({ id, permissionLevel: 'read' });
    expect((await shareRow(first.id))?.status).toBe('accepted');

    const other = await newUser();
    const third = await invite(owner.agent, id, { email: other.email, permissionLevel: 'edit' });
    const rejected = await other.agent.post('/api/v1/invitations/reject', {
      invitationId: third.id,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await shareRow(third.id))?.status).toBe('rejected');
  });

  it('refuses an invitation 7 days plus a second after it was sent, changing nothing', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'read' });
    const token = await invitationTokenFor(db(), invitee.email);
    const before = await shareRow(share.id);
    clock.advance(7 * DAY + SECOND);
    const agent = await signIn(invitee.email);
    const preview = await agent.get(`/api/v1/invitations/preview?token=${token}`);
    expect(preview.json().error.code).toBe('INVITATION_EXPIRED');
    const res = await agent.post('/api/v1/invitations/accept', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'Invitation has expired',
    });
    expect(await shareRow(share.id)).toEqual(before);
    expect((await agent.get('/api/v1/invitations')).json().invitations).toEqual([]);
    expect((await agent.get(`/api/v1/portfolios/${id}`)).statusCode).toBe(404);
  });

  it('refuses a signed-in user whose email is not the invited one, changing nothing', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const other = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'edit' });
    const token = await invitationTokenFor(db(), invitee.email);
    const before = await shareRow(share.id);
    for (const [method, url] of [
      ['GET', `/api/v1/invitations/preview?token=${token}`],
      ['POST', '/api/v1/invitations/accept'],
      ['POST', '/api/v1/invitations/reject'],
    ] as const) {
      const res = await other.agent.request(method, url, method === 'POST' ? { token } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('INVITATION_OTHER_EMAIL');
    }
    expect(await shareRow(share.id)).toEqual(before);
    expect((await other.agent.get(`/api/v1/portfolios/${id}`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/v1/invitations')).json().invitations).toEqual([]);
    // Anonymous callers get nothing at all.
    const anonymous = new Agent(t.app, { ip: uniqueIp() });
    expect((await anonymous.post('/api/v1/invitations/accept', { token })).statusCode).toBe(401);
    expect((await anonymous.get(`/api/v1/invitations/preview?token=${token}`)).statusCode).toBe(
      401,
    );
    expect((await anonymous.get('/api/v1/invitations')).statusCode).toBe(401);
  });

  it('answers INVITATION_INVALID for an unknown token', async () => {
    const someone = await newUser();
    for (const [method, url] of [
      ['GET', '/api/v1/invitations/preview?token=unknown'],
      ['POST', '/api/v1/invitations/accept'],
      ['POST', '/api/v1/invitations/reject'],
    ] as const) {
      const res = await someone.agent.request(
        method,
        url,
        method === 'POST' ? { token: 'unknown' } : undefined,
      );
      expect(res.json().error).toMatchObject({
        code: 'INVITATION_INVALID',
        message: 'Invalid or expired invitation',
      });
    }
  });

  it('rejects an invitation, which then cannot be accepted', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'read' });
    const token = await invitationTokenFor(db(), invitee.email);
    const res = await invitee.agent.post('/api/v1/invitations/reject', { token });
    expect(res.json()).toEqual({ ok: true });
    expect((await shareRow(share.id))?.status).toBe('rejected');
    const accept = await invitee.agent.post('/api/v1/invitations/accept', { token });
    expect(accept.json().error.code).toBe('INVITATION_INVALID');
    // The address can be invited again.
    await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'read' });
  });

  it('lets exactly one of two parallel accepts win', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'read' });
    const token = await invitationTokenFor(db(), invitee.email);
    const second = await signIn(invitee.email);
    const answers = await Promise.all([
      invitee.agent.post('/api/v1/invitations/accept', { token }),
      second.post('/api/v1/invitations/accept', { token }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.map((r) => r.json().error?.code).filter(Boolean)).toEqual([
      'INVITATION_INVALID',
    ]);
    expect((await shareRow(share.id))?.status).toBe('accepted');
  });

  it('works for someone who creates their account after being invited', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    await invite(owner.agent, id, { email: 'newcomer@example.com', permissionLevel: 'read' });
    const token = await invitationTokenFor(db(), 'newcomer@example.com');
    const { agent } = await registerUser(t.app, 'newcomer@example.com');
    expect((await agent.post('/api/v1/invitations/accept', { token })).statusCode).toBe(200);
    const list = (await agent.get('/api/v1/portfolios')).json().portfolios as { id: string }[];
    expect(list.map((p) => p.id)).toContain(id);
  });
});

describe('managing shares', () => {
  async function sharedSetup(level: 'edit' | 'read' = 'read') {
    const owner = await newUser();
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: level });
    const token = await invitationTokenFor(db(), invitee.email);
    expect((await invitee.agent.post('/api/v1/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    return { owner, invitee, id, share };
  }

  it('lists a portfolio’s shares newest first', async () => {
    const owner = await newUser();
    const id = await portfolioOf(owner.agent);
    const a = await invite(owner.agent, id, { email: 'a@example.com', permissionLevel: 'read' });
    clock.advance(SECOND);
    const b = await invite(owner.agent, id, { email: 'b@example.com', permissionLevel: 'edit' });
    const res = await owner.agent.get(`/api/v1/portfolios/${id}/shares`);
    expect((res.json().shares as { id: string }[]).map((s) => s.id)).toEqual([b.id, a.id]);
  });

  it('revokes at once: the next request is refused, the row stays, the invitee is told', async () => {
    const { owner, invitee, id, share } = await sharedSetup();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: invitee.agent.cookieHeader(),
    });
    try {
      socket.send({ type: 'subscribe', topic: `user:${invitee.userId}` });
      await socket.next((m) => m.type === 'subscribed');
      expect((await invitee.agent.get(`/api/v1/portfolios/${id}`)).statusCode).toBe(200);
      expect((await owner.agent.delete(`/api/v1/shares/${share.id}`)).statusCode).toBe(204);
      const next = await invitee.agent.get(`/api/v1/portfolios/${id}`);
      expect(next.statusCode).toBe(404);
      expect(next.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
      expect(await socket.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        topic: `user:${invitee.userId}`,
        payload: { type: 'portfolio-access', portfolioId: id },
      });
      expect((await shareRow(share.id))?.status).toBe('revoked');
      const list = (await invitee.agent.get('/api/v1/portfolios')).json().portfolios as {
        id: string;
      }[];
      expect(list.map((p) => p.id)).not.toContain(id);
    } finally {
      socket.close();
    }
  });

  it('changes the level from the next request on, and revokes by status', async () => {
    const { owner, invitee, id, share } = await sharedSetup('read');
    const refused = await invitee.agent.post(`/api/v1/portfolios/${id}/simulations`, { name: 'S' });
    expect(refused.statusCode).toBe(403);
    const patched = await owner.agent.patch(`/api/v1/shares/${share.id}`, {
      permissionLevel: 'edit',
    });
    expect(patched.json().share.permissionLevel).toBe('edit');
    const allowed = await invitee.agent.post(`/api/v1/portfolios/${id}/simulations`, { name: 'S' });
    expect(allowed.statusCode).toBe(201);
    await owner.agent.patch(`/api/v1/shares/${share.id}`, { status: 'revoked' });
    expect((await invitee.agent.get(`/api/v1/portfolios/${id}`)).statusCode).toBe(404);
  });

  it('extends a pending invitation’s deadline', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const id = await portfolioOf(owner.agent);
    const share = await invite(owner.agent, id, { email: invitee.email, permissionLevel: 'read' });
    const token = await invitationTokenFor(db(), invitee.email);
    const later = new Date(clock.now().getTime() + 30 * DAY);
    const res = await owner.agent.patch(`/api/v1/shares/${share.id}`, {
      expiresAt: later.toISOString(),
    });
    expect(res.json().share.expiresAt).toBe(later.toISOString());
    clock.advance(20 * DAY);
    const agent = await signIn(invitee.email);
    expect((await agent.post('/api/v1/invitations/accept', { token })).statusCode).toBe(200);
  });

  it('shows invitees the simulations their share names, plus their own', async () => {
    const { owner, invitee, id, share } = await sharedSetup('edit');
    const first = await insertSimulation(db(), id, owner.userId, 'First');
    const second = await insertSimulation(db(), id, owner.userId, 'Second');
    const visible = async () =>
      (
        (await invitee.agent.get(`/api/v1/portfolios/${id}/simulations`)).json().simulations as {
          id: string;
        }[]
      )
        .map((s) => s.id)
        .sort();
    expect(await visible()).toEqual([]);
    const own = await invitee.agent.post(`/api/v1/portfolios/${id}/simulations`, { name: 'Mine' });
    const ownId = own.json().simulation.id as string;
    expect(await visible()).toEqual([ownId]);
    await owner.agent.patch(`/api/v1/shares/${share.id}`, { simulationSharingMode: 'all' });
    expect(await visible()).toEqual([first.id, second.id, ownId].sort());
    await owner.agent.patch(`/api/v1/shares/${share.id}`, {
      simulationSharingMode: 'specific',
      sharedSimulationIds: [second.id],
    });
    expect(await visible()).toEqual([second.id, ownId].sort());
    const hidden = await invitee.agent.get(`/api/v1/simulations/${first.id}`);
    expect(hidden.json().error.code).toBe('SIMULATION_NOT_FOUND');
    const portfolio = (await invitee.agent.get(`/api/v1/portfolios/${id}`)).json().portfolio;
    expect((portfolio.simulations as { id: string }[]).map((s) => s.id).sort()).toEqual(
      [second.id, ownId].sort(),
    );
    // The owner sees all of them.
    const ownerView = (await owner.agent.get(`/api/v1/portfolios/${id}/simulations`)).json();
    expect(ownerView.simulations).toHaveLength(3);
  });
});
