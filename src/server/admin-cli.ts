/**
 * `npm run admin -- promote <email>` (and `demote <email>`): changes a user's role from the
 * command line, on the configured database (DATA_DIR or DATABASE_URL). The user's sessions get a
 * new token on their next request.
 */
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { profiles, users } from './db/schema';
import { requireRotation } from './platform/auth';
import { openConfiguredDatabase } from './db/open';

export async function setRole(database: Database, email: string, role: 'user' | 'admin') {
  const normalized = email.trim().toLowerCase();
  return database.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized));
    if (!user) return null;
    await tx
      .update(profiles)
      .set({ role, updatedAt: new Date() })
      .where(eq(profiles.userId, user.id));
    await requireRotation(tx, user.id);
    return user.id;
  });
}

export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; message: string }> {
  const [command, email] = argv;
  if ((command !== 'promote' && command !== 'demote') || !email) {
    return { code: 2, message: 'Usage: npm run admin -- promote <email> | demote <email>' };
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, message: error.message };
    throw error;
  }
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database, { databaseUrl: config.databaseUrl });
    const role = command === 'promote' ? 'admin' : 'user';
    const id = await setRole(database, email, role);
    if (!id) return { code: 1, message: `No account with the email ${email}.` };
    return {
      code: 0,
      message: `${email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}.`,
    };
  } finally {
    await database.close();
  }
}
