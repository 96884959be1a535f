import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@/contracts/i18n';
import {
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  DEFAULT_THEME_SETTINGS,
} from '@/contracts/settings';
import {
  mailOutbox,
  notificationSettings,
  profiles,
  themeSettings,
  userPreferences,
  userSettings,
} from '../../db/schema';
import { Agent, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function newUser(fullName?: string) {
  counter += 1;
  const email = `settings${counter}@example.com`;
  const { agent, userId } = await registerUser(t.app, email, fullName ? { fullName } : {});
  return { agent, userId, email };
}

async function rows(userId: string) {
  return {
    account: await db().select().from(userSettings).where(eq(userSettings.userId, userId)),
    preferences: await db()
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId)),
    notifications: await db()
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    theme: await db().select().from(themeSettings).where(eq(themeSettings.userId, userId)),
  };
}

describe('settings', () => {
  it('exist from registration, with the defaults and the name given as display name', async () => {
    const { agent, userId } = await newUser('Sam Settings');
    const stored = await rows(userId);
    expect(stored.account).toHaveLength(1);
    expect(stored.preferences).toHaveLength(1);
    expect(stored.notifications).toHaveLength(1);
    expect(stored.theme).toHaveLength(1);
    const res = await agent.get('/api/v1/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      account: { displayName: 'Sam Settings', bio: null, avatarUrl: null, timezone: null },
      preferences: DEFAULT_PREFERENCES,
      notifications: DEFAULT_NOTIFICATIONS,
      theme: DEFAULT_THEME_SETTINGS,
    });
    const { agent: nameless } = await newUser();
    expect((await nameless.get('/api/v1/settings')).json().settings.account.displayName).toBeNull();
  });

  it('are created by GET when missing (older accounts)', async () => {
    const { agent, userId } = await newUser();
    await db().delete(userSettings).where(eq(userSettings.userId, userId));
    await db().delete(themeSettings).where(eq(themeSettings.userId, userId));
    const res = await agent.get('/api/v1/settings');
    expect(res.json().settings.theme).toEqual(DEFAULT_THEME_SETTINGS);
    expect((await rows(userId)).account).toHaveLength(1);
  });

  it('change only what PATCH sends, and answer the whole settings', async () => {
    const { agent, userId } = await newUser();
    await db()
      .update(profiles)
      .set({ avatarUrl: '/uploads/avatars/x.webp' })
      .where(eq(profiles.userId, userId));
    const res = await agent.patch('/api/v1/settings', {
      account: { bio: '  Long-term investor  ', timezone: 'Europe/Paris' },
      notifications: { emailGoals: false, quietHoursStart: '23:30' },
      theme: { mode: 'dark' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({
      account: {
        displayName: null,
        bio: 'Long-term investor',
        avatarUrl: '/uploads/avatars/x.webp',
        timezone: 'Europe/Paris',
      },
      preferences: DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_NOTIFICATIONS, emailGoals: false, quietHoursStart: '23:30' },
      theme: { ...DEFAULT_THEME_SETTINGS, mode: 'dark' },
    });
    const cleared = await agent.patch('/api/v1/settings', { account: { bio: '' } });
    expect(cleared.json().settings.account).toMatchObject({ bio: null, timezone: 'Europe/Paris' });
  });

  it('refuse invalid values and change nothing', async () => {
    const { agent, userId } = await newUser();
    const before = await rows(userId);
    const cases: [unknown, string][] = [
      [{ account: { timezone: 'Mars/Olympus' } }, 'Choose a time zone from the list'],
      [{ account: { bio: 'x'.repeat(501) } }, 'Bio must be less than 500 characters'],
      [{ notifications: { quietHoursEnd: '25:00' } }, 'Time must be in HH:MM format'],
      [
        { theme: { colorScheme: 'Not A Theme' } },
        'Theme names use lowercase letters, digits and dashes',
      ],
      [{ preferences: { currency: 'XYZ' } }, ''],
      [{ preferences: { language: 'de' } }, ''],
      [{ account: { avatarUrl: 'https://evil.example/a.png' } }, ''],
      [{ role: 'admin' }, ''],
      // A valid part does not go through when another part is invalid.
      [
        { theme: { mode: 'dark' }, account: { timezone: 'Nowhere' } },
        'Choose a time zone from the list',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await agent.patch('/api/v1/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      if (message) expect(res.json().error.message).toContain(message);
    }
    expect(await rows(userId)).toEqual(before);
  });

  it('belong to the caller only', async () => {
    const a = await newUser();
    const b = await newUser();
    await a.agent.patch('/api/v1/settings', { preferences: { currency: 'USD' } });
    expect((await b.agent.get('/api/v1/settings')).json().settings.preferences.currency).toBe(
      'EUR',
    );
    const anonymous = new Agent(t.app);
    expect((await anonymous.get('/api/v1/settings')).statusCode).toBe(401);
    expect(
      (await anonymous.patch('/api/v1/settings', { theme: { mode: 'dark' } })).statusCode,
    ).toBe(401);
  });

  it('set the language cookie for en and fr, and remove it for auto', async () => {
    const { agent } = await newUser();
    const fr = await agent.patch('/api/v1/settings', { preferences: { language: 'fr' } });
    const cookie = fr.cookies.find((c) => c.name === LANGUAGE_COOKIE);
    expect(cookie).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(agent.cookies.get(LANGUAGE_COOKIE)).toBe('fr');
    // Emails the user's requests cause now speak French (an invitation, for instance).
    const [portfolio] = (await agent.get('/api/v1/portfolios')).json().portfolios as {
      id: string;
    }[];
    await agent.post(`/api/v1/portfolios/${portfolio?.id}/shares`, {
      email: 'guest-fr@example.com',
      permissionLevel: 'read',
    });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'guest-fr@example.com'));
    expect(mail?.subject).toContain('partage un portefeuille');
    const auto = await agent.patch('/api/v1/settings', { preferences: { language: 'auto' } });
    expect(auto.cookies.find((c) => c.name === LANGUAGE_COOKIE)?.value).toBe('');
    expect(auto.json().settings.preferences.language).toBe('auto');
    const other = await agent.patch('/api/v1/settings', { theme: { mode: 'light' } });
    expect(other.cookies.find((c) => c.name === LANGUAGE_COOKIE)).toBeUndefined();
  });
});

describe('sign-in alerts: one setting on two pages', () => {
  it('reads and writes the same value from the security page and the settings', async () => {
    const { agent } = await newUser();
    expect((await agent.get('/api/v1/auth/security-settings')).json()).toEqual({
      loginNotifications: true,
    });
    await agent.patch('/api/v1/auth/security-settings', { loginNotifications: false });
    expect(
      (await agent.get('/api/v1/settings')).json().settings.notifications.loginNotifications,
    ).toBe(false);
    await agent.patch('/api/v1/settings', { notifications: { loginNotifications: true } });
    expect((await agent.get('/api/v1/auth/security-settings')).json()).toEqual({
      loginNotifications: true,
    });
  });

  it('decides whether a sign-in sends the alert email', async () => {
    const { agent, email } = await newUser();
    const alerts = async () =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
        (m) => m.template === 'login-notification',
      ).length;
    const signIn = () =>
      new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/login', {
        email,
        password: STRONG_PASSWORD,
      });
    // (The sign-in that followed activation already sent one.)
    const before = await alerts();
    await agent.patch('/api/v1/settings', { notifications: { loginNotifications: false } });
    await signIn();
    expect(await alerts()).toBe(before);
    await agent.patch('/api/v1/settings', { notifications: { loginNotifications: true } });
    await signIn();
    expect(await alerts()).toBe(before + 1);
  });
});
