import {
  Bell,
  CreditCard,
  KeyRound,
  Lock,
  type LucideIcon,
  Palette,
  PlugZap,
  Shield,
  SlidersHorizontal,
  UserCog,
} from 'lucide-react';

export type SettingsPage = {
  id: string;
  path: string;
  icon: LucideIcon;
};

/** The settings pages, in the order the settings navigation and the user menu list them. */
export const SETTINGS_PAGES = [
  { id: 'account', path: '/settings/account', icon: UserCog },
  { id: 'preferences', path: '/settings/preferences', icon: SlidersHorizontal },
  { id: 'notifications', path: '/settings/notifications', icon: Bell },
  { id: 'theme', path: '/settings/theme', icon: Palette },
  { id: 'security', path: '/settings/security', icon: Shield },
  { id: 'privacy', path: '/settings/privacy', icon: Lock },
  { id: 'subscription', path: '/settings/subscription', icon: CreditCard },
  { id: 'integrations', path: '/settings/integrations', icon: PlugZap },
  { id: 'apiKeys', path: '/settings/api-keys', icon: KeyRound },
] as const satisfies readonly SettingsPage[];

export type SettingsPageId = (typeof SETTINGS_PAGES)[number]['id'];
