export type ShellUser = {
  fullName?: string | null;
  email: string;
};

/** The name to greet: the full name, else the part of the e-mail before the @. */
export function greetingName(user: ShellUser | null | undefined): string | null {
  if (!user) return null;
  const fullName = user.fullName?.trim();
  if (fullName) return fullName;
  const localPart = user.email.split('@')[0]?.trim();
  return localPart || null;
}

/** The bell's badge: nothing at 0, the count up to 99, then "99+". */
export function unreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
