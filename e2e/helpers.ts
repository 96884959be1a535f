import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const PASSWORD = 'Correct-Horse-9';
/** The server's first account, hence its admin (registered by admin.setup.ts before any journey). */
export const ADMIN_EMAIL = 'admin@example.com';

let counter = 0;
/** An email no other journey uses (journeys share one server). */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

type OutboxMessage = { to: string; subject: string; text: string; template: string };

/** The emails sent to an address, newest first (development outbox). */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The first link to `path` in the newest email of a template. */
export async function linkFromEmail(
  request: APIRequestContext,
  to: string,
  template: string,
  path: string,
) {
  await expect
    .poll(async () => (await outbox(request, to)).some((m) => m.template === template))
    .toBe(true);
  const message = (await outbox(request, to)).find((m) => m.template === template)!;
  const match = new RegExp(
    `https?://[^\\s]+${path.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]+`,
  ).exec(message.text);
  expect(match, `a ${path} link in the ${template} email`).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

/** The 6-digit code in the newest email of a template. */
export async function codeFromEmail(request: APIRequestContext, to: string, template: string) {
  await expect
    .poll(async () => (await outbox(request, to)).some((m) => m.template === template))
    .toBe(true);
  const message = (await outbox(request, to)).find((m) => m.template === template)!;
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

/** What an authenticator app shows for this secret now (or `offset` steps away). */
export function totp(secret: string, offsetSteps = 0) {
  return new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * A new account, activated and signed in, on the dashboard: signed up, activated and signed in
 * through the API with the browser's own cookies, so that journeys about other things stay short.
 * The sign-up form itself is walked by auth.spec.ts (`registerThroughForm`).
 */
export async function register(
  page: Page,
  email: string,
  options: { fullName?: string; password?: string } = {},
) {
  const password = options.password ?? PASSWORD;
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password, ...(options.fullName ? { fullName: options.fullName } : {}) },
    headers,
  });
  expect(registered.status(), await registered.text()).toBe(202);
  await activateAndSignIn(page, email, password, headers);
}

/** Signs up through the form, then `completeSignUp`. */
export async function registerThroughForm(
  page: Page,
  email: string,
  options: { fullName?: string; password?: string } = {},
) {
  await page.goto('/register');
  if (options.fullName) await page.getByLabel('Full name').fill(options.fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(options.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(options.password ?? PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await completeSignUp(page, email, options.password ?? PASSWORD);
}

/**
 * After "Create account": the check-your-email screen, then the emailed link and the sign-in
 * through the API (the browser's own cookies), then the dashboard. Journeys about other things
 * stay short; auth.spec.ts walks the activation and sign-in pages themselves.
 */
export async function completeSignUp(page: Page, email: string, password = PASSWORD) {
  // The journeys' server sends no email (no SMTP_URL): the screen says who has the link.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ask for your activation link' }),
  ).toBeVisible();
  await activateAndSignIn(page, email, password, { origin: new URL(page.url()).origin });
}

/** The emailed activation link and the sign-in, through the API; then the dashboard. */
async function activateAndSignIn(
  page: Page,
  email: string,
  password: string,
  headers: { origin: string },
) {
  const link = await linkFromEmail(page.request, email, 'activate-account', '/auth/activate');
  const token = new URL(link, headers.origin).searchParams.get('token');
  const activated = await page.request.post('/api/v1/auth/activate', { data: { token }, headers });
  expect(activated.status()).toBe(200);
  const signedIn = await page.request.post('/api/v1/auth/login', {
    data: { email, password },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');
}

/**
 * Opens the activation link emailed to `email` and follows its "Sign in" button: the sign-in page
 * then shows with the email filled in.
 */
export async function activateFromEmail(page: Page, email: string) {
  await page.goto(await linkFromEmail(page.request, email, 'activate-account', '/auth/activate'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is ready' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Email')).toHaveValue(email);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  // No wait for the network to settle: a user types at once, and so do the journeys (the
  // cleared-field defect once suspected here was a journey race; docs/decisions.md).
}

/** Adds an authenticator from the security page; returns its secret (as the app would store it). */
export async function enrolAuthenticator(page: Page, name = 'Phone') {
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Add authenticator' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add Cairn to your authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify and add' }).click();
  await expect(page.getByText('Authenticator added')).toBeVisible();
  return secret;
}
