/**
 * `npm run admin -- promote <email>` (and `demote <email>`): changes a user's role from the
 * command line, on the configured database (DATA_DIR or DATABASE_URL). The user's sessions get a
 * new token on their next request.
 * `npm run admin -- mail [email]`: the emails kept for the administrator (no SMTP_URL), newest
 * first, with their links: the way back in for an administrator locked out of a server that sends
 * no mail (a reset link asked for at /forgot-password waits there).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { mailOutbox, profiles, users } from './db/schema';
import { requireRotation } from './features/session/session';
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

const USAGE = 'Usage: npm run admin -- promote <email> | demote <email> | mail [email]';

/** The kept emails (with their body), newest first, as lines for a terminal. */
export async function keptMail(database: Database, email?: string) {
  const rows = await database.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        ne(mailOutbox.text, ''),
        eq(mailOutbox.status, 'stored'),
        email ? eq(mailOutbox.to, email.trim().toLowerCase()) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(20);
  return rows.map((row) =>
    [
      `${row.createdAt.toISOString()}  ${row.to}  ${row.subject}`,
      row.actionUrl ? `  ${row.actionUrl}` : null,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
}

export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; message: string }> {
  const [command, email] = argv;
  const roleCommand = (command === 'promote' || command === 'demote') && !!email;
  if (!roleCommand && command !== 'mail') return { code: 2, message: USAGE };
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
    if (command === 'mail') {
      const lines = await keptMail(database, email);
      if (lines.length === 0)
        return {
          code: 0,
          message: config.smtpUrl
            ? 'No email is kept: SMTP_URL is set, so emails are sent.'
            : `No email is kept${email ? ` for ${email}` : ''}.`,
        };
      return { code: 0, message: lines.join('\n\n') };
    }
    if (!email) return { code: 2, message: USAGE };
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
