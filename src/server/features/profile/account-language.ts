import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@/contracts/i18n';
import type { DbOrTx } from '../../db/client';
import { userPreferences, users } from '../../db/schema';

/**
 * The language to write to an account in (emails): its language preference when it names one;
 * with 'auto' (follow the browser), the language of the request when the account's owner made it
 * (`ownRequest`), else the language the account last used (registration, then each sign-in);
 * English when nothing is known. Someone else's request never chooses: an invitation to a French
 * account is French whoever sends it, and a sign-in attack's alert is not in the attacker's.
 */
export async function accountLanguage(
  db: DbOrTx,
  account: { userId: string } | { email: string },
  ownRequest?: Language,
): Promise<Language | null> {
  const [row] = await db
    .select({ preference: userPreferences.language, lastUsed: users.language })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where('userId' in account ? eq(users.id, account.userId) : eq(users.email, account.email));
  if (!row) return null;
  if (isLanguage(row.preference)) return row.preference;
  if (ownRequest) return ownRequest;
  return isLanguage(row.lastUsed) ? row.lastUsed : 'en';
}
