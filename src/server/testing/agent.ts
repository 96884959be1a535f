import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../app';
import { mailOutbox } from '../db/schema';
import { sendPasswordReset } from '../features/auth';
import { TEST_ORIGIN } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A browser stand-in for `app.inject`: keeps the cookies the server sets, sends them back, and
 * adds the same-origin headers a browser sends with state-changing requests.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    private readonly options: {
      origin?: string;
      ip?: string;
      userAgent?: string;
      language?: string;
    } = {},
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    extra: Partial<InjectOptions> = {},
  ) {
    const headers: Record<string, string> = {
      'user-agent':
        this.options.userAgent ??
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ...(this.options.language ? { 'accept-language': this.options.language } : {}),
      ...(method === 'GET'
        ? {}
        : { origin: this.options.origin ?? TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }),
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(extra.headers as Record<string, string> | undefined),
    };
    const response = await this.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      ...extra,
      headers,
      remoteAddress: this.options.ip ?? '127.0.0.1',
    });
    this.remember(response);
    return response;
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined &&
          cookie.expires.getTime() <= Date.now() &&
          cookie.value === '');
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(url: string, extra?: Partial<InjectOptions>) {
    return this.request('GET', url, undefined, extra);
  }
  post(url: string, payload?: unknown, extra?: Partial<InjectOptions>) {
    return this.request('POST', url, payload, extra);
  }
  patch(url: string, payload?: unknown) {
    return this.request('PATCH', url, payload);
  }
  delete(url: string, payload?: unknown) {
    return this.request('DELETE', url, payload);
  }
}

export const STRONG_PASSWORD = 'Correct-Horse-9';

let ipCounter = 0;
/** A distinct client address per call, so tests do not share per-address rate limits. */
export function uniqueIp() {
  ipCounter += 1;
  return `100.64.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** The newest link to `path` emailed to `to` with this template (after background jobs ran). */
export async function emailedToken(app: App, to: string, template: string, path: string) {
  await app.ctx.jobs.idle();
  const [mail] = await app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) return null;
  const match = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  return match?.[1] ?? null;
}

type RegisterOptions = { password?: string; fullName?: string; inviteCode?: string; agent?: Agent };

/** Signs up as a visitor would, through the emailed activation link (202, then the link). */
export async function activateAccount(app: App, email: string, options: RegisterOptions = {}) {
  const agent = options.agent ?? new Agent(app, { ip: uniqueIp() });
  const res = await agent.post('/api/v1/auth/register', {
    email,
    password: options.password ?? STRONG_PASSWORD,
    ...(options.fullName ? { fullName: options.fullName } : {}),
    ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
  });
  if (res.statusCode !== 202) throw new Error(`registration failed: ${res.body}`);
  const token = await emailedToken(app, email, 'activate-account', '/auth/activate');
  if (!token) throw new Error(`no activation link was emailed to ${email}`);
  const activated = await agent.post('/api/v1/auth/activate', { token });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  return agent;
}

/**
 * A new account, activated through its emailed link and signed in on `agent` (a new browser by
 * default, which then carries the account's device cookie).
 */
export async function registerUser(app: App, email: string, options: RegisterOptions = {}) {
  const agent = await activateAccount(app, email, options);
  const res = await agent.post('/api/v1/auth/login', {
    email,
    password: options.password ?? STRONG_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in after activation failed: ${res.body}`);
  return { agent, userId: (res.json() as { user: { id: string } }).user.id };
}

/** The code an authenticator app shows for this secret at this time. */
export function totpCode(secretBase32: string, at: Date) {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: at.getTime(),
  });
}

/** Enrols and verifies an authenticator for the agent's user; returns its id and secret. */
export async function addAuthenticator(agent: Agent, now: Date, friendlyName?: string) {
  const enrolled = await agent.post(
    '/api/v1/auth/mfa/factors',
    friendlyName ? { friendlyName } : {},
  );
  if (enrolled.statusCode !== 201) throw new Error(`enrolment failed: ${enrolled.body}`);
  const { id, secret } = enrolled.json() as { id: string; secret: string };
  const challenge = await agent.post(`/api/v1/auth/mfa/factors/${id}/challenge`);
  const { challengeId } = challenge.json() as { challengeId: string };
  const verified = await agent.post('/api/v1/auth/mfa/verify', {
    factorId: id,
    challengeId,
    code: totpCode(secret, now),
  });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  return { id, secret };
}

/**
 * Emails a password reset link to `email` through the auth service, past the route's
 * one-email-a-minute limit: for tests of platform pieces (logging, realtime) that follow the flow,
 * so that platform's own files import no feature.
 */
export function emailPasswordReset(app: App, email: string) {
  return sendPasswordReset(app.ctx, email, 'en');
}
