import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { FEATURE_FLAGS } from '@/contracts/feature-flags';
import type { Database, DbOrTx } from './client';
import { featureFlags } from './schema';

/**
 * Where the SQL migrations live. The server bundle (dist/server/main.js) gets a copy beside it,
 * so the same relative path works from source and from the build.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** A fixed key for the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies pending migrations, then adds the feature flags the code defines and the database
 * lacks (existing values stay). On a PostgreSQL server several processes may start together, so
 * the migration runs on one dedicated connection holding an advisory lock; the others wait and
 * then find nothing left to do.
 */
export async function migrateDatabase(
  database: Database,
  options: { databaseUrl?: string | null; migrationsFolder?: string } = {},
): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await seedFeatureFlags(database.db);
    return;
  }
  if (database.kind === 'pglite') {
    // One process owns the embedded database (its folder is locked): no one to race with.
    const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator');
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
    await seedFeatureFlags(database.db);
    return;
  }
  if (!options.databaseUrl)
    throw new Error('migrateDatabase needs the databaseUrl of a PostgreSQL server');
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] =
    await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
  await seedFeatureFlags(database.db);
}

/** Adds the flags the code defines and the database lacks (at start-up; existing values stay). */
export async function seedFeatureFlags(db: DbOrTx) {
  await db
    .insert(featureFlags)
    .values(
      FEATURE_FLAGS.map((flag) => ({
        key: flag.key,
        category: flag.category,
        enabled: flag.defaultEnabled,
      })),
    )
    .onConflictDoNothing({ target: featureFlags.key });
}
