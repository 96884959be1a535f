export type NamedUser = {
  /** The settings' display name (account settings). */
  displayName?: string | null;
  fullName?: string | null;
  email?: string | null;
};

/**
 * The name to show for a user: the display name of the settings, else the profile's full name,
 * else the part of the e-mail before the @, else `fallback` (the translated 'User').
 */
export function displayNameOf(user: NamedUser | null | undefined, fallback = 'User'): string {
  const displayName = user?.displayName?.trim();
  if (displayName) return displayName;
  const fullName = user?.fullName?.trim();
  if (fullName) return fullName;
  const localPart = user?.email?.split('@')[0]?.trim();
  return localPart || fallback;
}

/**
 * Up to two initials: the first letters of the first and last words ('Ada King Lovelace' → 'AL',
 * 'jean-pierre' → 'JP', 'ada.lovelace' → 'AL', 'Ada' → 'A'). Letters outside ASCII are kept whole.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._\-@]+/u)
    .filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0]?.toLocaleUpperCase() ?? '';
  return letter(first) + (last ? letter(last) : '');
}
