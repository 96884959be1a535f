import { z } from 'zod';
import { text } from './input-rules';
import { NAME_MAX_LENGTH } from './auth';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** User settings: account, preferences, notifications and stored theme choices (spec 001, section 3). */

export const LANGUAGE_PREFERENCES = ['auto', 'en', 'fr'] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** date-fns patterns. */
export const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** european: 1 234,56 · american: 1,234.56 · swiss: 1'234.56 */
export const NUMBER_FORMATS = ['european', 'american', 'swiss'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];
export const EMAIL_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const CONTRASTS = ['normal', 'high'] as const;
export type Contrast = (typeof CONTRASTS)[number];

export const BIO_MAX = 500;

export const DEFAULT_PREFERENCES = {
  language: 'auto',
  currency: 'EUR',
  dateFormat: 'dd/MM/yyyy',
  numberFormat: 'european',
} as const satisfies Preferences;

export const DEFAULT_NOTIFICATIONS = {
  emailTransactions: true,
  emailGoals: true,
  emailInsights: true,
  emailSecurity: true,
  emailFrequency: 'instant',
  pushEnabled: true,
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '08:00',
  loginNotifications: true,
} as const satisfies NotificationSettings;

export const DEFAULT_THEME_SETTINGS = {
  mode: 'system',
  colorScheme: 'default',
  fontSize: 'medium',
  contrast: 'normal',
} as const satisfies ThemeSettings;

/** An IANA time zone this runtime knows ('Europe/Paris'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

const clockTime = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeFormat);
const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));

export const accountSettingsSchema = z
  .object({
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    /** The profile's avatar (uploaded on the profile page). */
    avatarUrl: z.string().nullable(),
    timezone: z.string().nullable(),
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const preferencesSchema = z
  .object({
    language: z.enum(LANGUAGE_PREFERENCES),
    currency: z.enum(CURRENCIES),
    dateFormat: z.enum(DATE_FORMATS),
    numberFormat: z.enum(NUMBER_FORMATS),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

export const notificationSettingsSchema = z
  .object({
    emailTransactions: z.boolean(),
    emailGoals: z.boolean(),
    emailInsights: z.boolean(),
    emailSecurity: z.boolean(),
    emailFrequency: z.enum(EMAIL_FREQUENCIES),
    pushEnabled: z.boolean(),
    quietHoursEnabled: z.boolean(),
    quietHoursStart: clockTime,
    quietHoursEnd: clockTime,
    /** The same setting as the security page's "email me on a new sign-in". */
    loginNotifications: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const themeSettingsSchema = z
  .object({
    mode: z.enum(THEME_MODES),
    /** A theme name from the catalogue (a later issue); 'default' until then. */
    colorScheme: text()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9-]+$/, M.themeNameInvalid),
    fontSize: z.enum(FONT_SIZES),
    contrast: z.enum(CONTRASTS),
  })
  .meta({ id: 'ThemeSettings' });
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export const settingsSchema = z
  .object({
    account: accountSettingsSchema,
    preferences: preferencesSchema,
    notifications: notificationSettingsSchema,
    theme: themeSettingsSchema,
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;
export const settingsResponseSchema = z.object({ settings: settingsSchema });

/** PATCH /settings: any sub-object, any of its fields; the answer is the whole settings. */
export const updateSettingsBodySchema = z
  .object({
    account: z
      .object({
        displayName: optionalText(NAME_MAX_LENGTH, M.nameMax),
        bio: optionalText(BIO_MAX, M.bioMax),
        timezone: text()
          .trim()
          .max(64, M.timezoneInvalid)
          .refine(isTimeZone, M.timezoneInvalid)
          .nullable(),
      })
      .partial()
      .strict(),
    preferences: preferencesSchema.partial().strict(),
    notifications: notificationSettingsSchema.partial().strict(),
    theme: themeSettingsSchema.partial().strict(),
  })
  .partial()
  .strict();
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;
