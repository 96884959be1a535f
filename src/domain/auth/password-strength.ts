export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Passwords everyone tries first (compared without digits and symbols, lower-cased). */
const COMMON = new Set([
  'password',
  'motdepasse',
  'qwerty',
  'azerty',
  'qwertyuiop',
  'azertyuiop',
  'letmein',
  'welcome',
  'bienvenue',
  'admin',
  'iloveyou',
  'jetaime',
  'abcdef',
  'abcdefgh',
  'monkey',
  'dragon',
  'football',
  'soleil',
  'cairn',
]);

/**
 * A quick strength estimate for the registration form: weak, medium or strong. Length counts
 * most, then the variety of characters; well-known passwords and repetitions are weak whatever
 * their shape. (The server enforces the actual rules: 8+ characters with lower, upper and digit.)
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 8) return 'weak';
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  if (
    COMMON.has(letters) ||
    /^(.)\1+$/.test(password) ||
    /^(?:0123456789|1234567890|12345678)/.test(password)
  ) {
    return 'weak';
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) =>
    pattern.test(password),
  ).length;
  const points =
    classes +
    (password.length >= 16 ? 3 : password.length >= 12 ? 2 : password.length >= 10 ? 1 : 0);
  if (points >= 5) return 'strong';
  if (points >= 3) return 'medium';
  return 'weak';
}
