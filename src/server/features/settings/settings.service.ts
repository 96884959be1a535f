import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Settings, updateSettingsBodySchema } from '@/contracts/settings';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  notificationSettings,
  profiles,
  themeSettings,
  userPreferences,
  userSettings,
} from '../../db/schema';
import { ensureSettingsRows } from '../auth';
import { AppError } from '../../platform/errors';

type UpdateInput = z.output<typeof updateSettingsBodySchema>;

/** The four settings rows (and the profile's avatar) as the API shows them. */
async function readSettings(db: DbOrTx, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      account: userSettings,
      avatarUrl: profiles.avatarUrl,
      preferences: userPreferences,
      notifications: notificationSettings,
      theme: themeSettings,
    })
    .from(userSettings)
    .innerJoin(userPreferences, eq(userPreferences.userId, userSettings.userId))
    .innerJoin(notificationSettings, eq(notificationSettings.userId, userSettings.userId))
    .innerJoin(themeSettings, eq(themeSettings.userId, userSettings.userId))
    .leftJoin(profiles, eq(profiles.userId, userSettings.userId))
    .where(eq(userSettings.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', { resource: 'settings' });
  const { account, preferences, notifications, theme } = row;
  return {
    account: {
      displayName: account.displayName,
      bio: account.bio,
      avatarUrl: row.avatarUrl ?? null,
      timezone: account.timezone,
    },
    preferences: {
      language: preferences.language,
      currency: preferences.currency,
      dateFormat: preferences.dateFormat,
      numberFormat: preferences.numberFormat,
    },
    notifications: {
      emailTransactions: notifications.emailTransactions,
      emailGoals: notifications.emailGoals,
      emailInsights: notifications.emailInsights,
      emailSecurity: notifications.emailSecurity,
      emailFrequency: notifications.emailFrequency,
      pushEnabled: notifications.pushEnabled,
      quietHoursEnabled: notifications.quietHoursEnabled,
      quietHoursStart: notifications.quietHoursStart,
      quietHoursEnd: notifications.quietHoursEnd,
      loginNotifications: notifications.loginNotifications,
    },
    theme: {
      mode: theme.mode,
      colorScheme: theme.colorScheme,
      fontSize: theme.fontSize,
      contrast: theme.contrast,
    },
  };
}

/**
 * The caller's settings. Registration creates the rows; any that are missing (accounts older
 * than settings) are created here with the defaults, so the answer is always complete.
 */
export async function getSettings(ctx: ServerContext, userId: string) {
  return ctx.database.db.transaction(async (tx) => {
    await ensureSettingsRows(tx, userId);
    return readSettings(tx, userId);
  });
}

/** Changes any subset of the settings in one transaction; answers the whole settings. */
export async function updateSettings(ctx: ServerContext, userId: string, input: UpdateInput) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await ensureSettingsRows(tx, userId);
    if (input.account && Object.keys(input.account).length) {
      await tx
        .update(userSettings)
        .set({ ...input.account, updatedAt: now })
        .where(eq(userSettings.userId, userId));
    }
    // The weekly insights moment follows the time zone, the quiet hours and the switch: the job
    // works it out again at its next run.
    const insightsMoved =
      input.account?.timezone !== undefined || Object.keys(input.notifications ?? {}).length > 0;
    if (insightsMoved) {
      await tx
        .update(notificationSettings)
        .set({ insightsNextAt: null })
        .where(eq(notificationSettings.userId, userId));
    }
    if (input.preferences && Object.keys(input.preferences).length) {
      await tx
        .update(userPreferences)
        .set({ ...input.preferences, updatedAt: now })
        .where(eq(userPreferences.userId, userId));
    }
    if (input.notifications && Object.keys(input.notifications).length) {
      // loginNotifications is also the security page's setting (GET /auth/security-settings).
      await tx
        .update(notificationSettings)
        .set({ ...input.notifications, updatedAt: now })
        .where(eq(notificationSettings.userId, userId));
    }
    if (input.theme && Object.keys(input.theme).length) {
      await tx
        .update(themeSettings)
        .set({ ...input.theme, updatedAt: now })
        .where(eq(themeSettings.userId, userId));
    }
    return readSettings(tx, userId);
  });
}
