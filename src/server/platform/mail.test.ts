import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { Agent, STRONG_PASSWORD, uniqueIp } from '../testing/agent';
import { createTestApp, type TestApp } from '../testing/test-app';

type Received = { from: string; to: string[]; raw: Buffer };

async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A real SMTP server on a free port, keeping what it receives; `failNext` makes it refuse. */
async function startSmtp() {
  const received: Received[] = [];
  const control = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (control.failNext > 0) {
          control.failNext -= 1;
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    control,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sign-up (202): its activation email is the only one sent to the address. */
async function signUp(t: TestApp, email: string, language?: string) {
  const agent = new Agent(t.app, { ip: uniqueIp(), ...(language ? { language } : {}) });
  const res = await agent.post('/api/v1/auth/register', { email, password: STRONG_PASSWORD });
  expect(res.statusCode).toBe(202);
  await t.app.ctx.jobs.idle();
}

describe('email through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cairn <hello@cairn.example>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the activation email, in the user’s language, HTML and text', async () => {
    await signUp(t, 'smtp@example.com', 'fr');
    // The worker sends it on its own, right after the transaction commits.
    const message = await eventually(() =>
      smtp.received.find((m) => m.to.includes('smtp@example.com')),
    );
    expect(message.from).toBe('hello@cairn.example');
    const email = await PostalMime.parse(message.raw);
    expect(email.subject).toBe('Activez votre compte Cairn');
    expect(email.text).toMatch(
      /http:\/\/localhost:3000\/auth\/activate\?token=[A-Za-z0-9_-]{100,}/,
    );
    expect(email.html).toContain('Activer mon compte');
    // ...and records it as sent once the server accepted it.
    const row = await eventually(async () => {
      const [found] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'smtp@example.com'));
      return found?.status === 'sent' ? found : null;
    });
    expect(row.attempts).toBe(1);
    // Sent: the body (the activation link) is not kept.
    expect(row).toMatchObject({ text: '', html: '', subject: 'Activez votre compte Cairn' });
    expect(smtp.received.filter((m) => m.to.includes('smtp@example.com'))).toHaveLength(1);
  });

  it('retries later when the server refuses, and keeps the error', async () => {
    smtp.control.failNext = 1;
    await signUp(t, 'retry@example.com');
    const failed = await eventually(async () => {
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'retry@example.com'));
      return row?.lastError ? row : null;
    });
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('mailbox unavailable'),
    });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // When it is due again, it goes out.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, failed.id));
    await t.app.ctx.mailer.deliverPending();
    await eventually(() => smtp.received.some((m) => m.to.includes('retry@example.com')));
    const [sent] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, failed.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('email without SMTP (the outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the message in the outbox; the log names it but never shows its body', async () => {
    await signUp(t, 'outbox@example.com');
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'outbox@example.com'));
    expect(row?.status).toBe('stored');
    expect(row?.text).toContain('/auth/activate?token=');
    // Named by its kind and row: never its recipient (the user's, not the log's) nor its body.
    const logged = t.logs.find((line) => line.outbox === true && line.id === row?.id);
    expect(logged).toMatchObject({ template: 'activate-account' });
    expect(logged).not.toHaveProperty('text');
    expect(logged).not.toHaveProperty('to');
    expect(t.rawLogs()).not.toContain('outbox@example.com');
    expect(t.rawLogs()).not.toContain('/auth/activate?token=');
  });

  it('shows the body in the log on a developer’s machine (NODE_ENV=development) only', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      await signUp(dev, 'dev-outbox@example.com');
      const logged = dev.logs.find((line) => line.outbox === true);
      expect(String(logged?.text)).toContain('/auth/activate?token=');
    } finally {
      await dev.close();
    }
  });

  it('is readable through the development outbox endpoint (absent in production)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?to=outbox@example.com',
    });
    expect(res.json().messages[0]).toMatchObject({
      to: 'outbox@example.com',
      template: 'activate-account',
    });
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect(
        (await production.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
