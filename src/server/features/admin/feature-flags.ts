import { eq } from 'drizzle-orm';
import { flagDefinition } from '@/contracts/feature-flags';
import type { DbOrTx } from '../../db/client';
import { featureFlags } from '../../db/schema';

/** A flag's state; a flag missing from the table has its default. */
export async function isFlagEnabled(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.key, key));
  return row?.enabled ?? flagDefinition(key)?.defaultEnabled ?? false;
}

export async function setFlag(
  db: DbOrTx,
  key: string,
  enabled: boolean,
  by: string | null,
  now: Date,
) {
  const definition = flagDefinition(key);
  if (!definition) throw new Error(`unknown flag ${key}`);
  await db
    .insert(featureFlags)
    .values({ key, category: definition.category, enabled, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({
      target: featureFlags.key,
      set: { enabled, updatedAt: now, updatedBy: by },
    });
}

/** Beta mode is the `beta_mode` flag: registration then needs an invite code. */
export function isBetaEnabled(db: DbOrTx) {
  return isFlagEnabled(db, 'beta_mode');
}
