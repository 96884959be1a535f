import type { FastifyRequest } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Flag } from '@/contracts/admin';
import { FEATURE_FLAGS, type FlagCategory, flagDefinition } from '@/contracts/feature-flags';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { featureFlags, users } from '../../db/schema';
import { recordAudit } from './audit';
import { type AuthContext } from '../session';
import { AppError } from '../../platform/errors';

/** Every signed-in client subscribes here; a change sends the new states. */
export const FLAGS_TOPIC = 'feature-flags';

async function rows(db: DbOrTx) {
  return db
    .select({ flag: featureFlags, email: users.email })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy));
}

/** All flags with their metadata, ordered by category then name (spec 000, section 7). */
export async function listFlags(db: DbOrTx): Promise<Flag[]> {
  const byKey = new Map((await rows(db)).map((row) => [row.flag.key, row]));
  return FEATURE_FLAGS.map((definition) => {
    const row = byKey.get(definition.key);
    return {
      key: definition.key,
      name: definition.name,
      category: definition.category,
      description: definition.description,
      enabled: row?.flag.enabled ?? definition.defaultEnabled,
      defaultEnabled: definition.defaultEnabled,
      critical: definition.critical,
      updatedAt: (row?.flag.updatedAt ?? new Date(0)).toISOString(),
      updatedBy: row?.flag.updatedBy ?? null,
      updatedByEmail: row?.email ?? null,
    };
  }).sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}

export async function flagStates(db: DbOrTx) {
  return (await listFlags(db)).map(({ key, enabled }) => ({ key, enabled }));
}

/**
 * Sets several flags in one transaction (toggle, bulk and reset all come here): unknown keys are
 * refused, each real change is audited, and every client is told once, after the commit.
 */
async function applyChanges(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  updates: { key: string; enabled: boolean }[],
  action: string,
) {
  const definitions = updates.map((update) => {
    const definition = flagDefinition(update.key);
    if (!definition)
      throw new AppError(
        'NOT_FOUND',
        { resource: 'feature flag', key: update.key },
        `Unknown feature flag: ${update.key}`,
      );
    return { ...update, definition };
  });
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const keys = updates.map((u) => u.key);
    const current = new Map(
      (
        await tx.select().from(featureFlags).where(inArray(featureFlags.key, keys)).for('update')
      ).map((row) => [row.key, row.enabled]),
    );
    let updatedCount = 0;
    for (const { definition, ...update } of definitions) {
      const before = current.get(update.key) ?? definition.defaultEnabled;
      await tx
        .insert(featureFlags)
        .values({
          key: update.key,
          category: definition.category,
          enabled: update.enabled,
          updatedAt: now,
          updatedBy: actor.user.id,
        })
        .onConflictDoUpdate({
          target: featureFlags.key,
          set: { enabled: update.enabled, updatedAt: now, updatedBy: actor.user.id },
        });
      updatedCount += 1;
      if (before !== update.enabled) {
        await recordAudit(
          tx,
          request,
          actor,
          {
            action,
            targetType: 'feature_flag',
            targetId: update.key,
            before: { enabled: before },
            after: { enabled: update.enabled },
          },
          now,
        );
      }
    }
    const states = await flagStates(tx);
    await ctx.realtime.publish(FLAGS_TOPIC, { flags: states }, tx);
    await ctx.realtime.publish('admin', { entity: 'flags' }, tx);
    return { updatedCount, flags: updates.map(({ key, enabled }) => ({ key, enabled })) };
  });
}

export async function toggleFlag(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  key: string,
  enabled: boolean,
) {
  await applyChanges(ctx, request, actor, [{ key, enabled }], 'feature_flag.toggle');
  const flag = (await listFlags(ctx.database.db)).find((f) => f.key === key);
  if (!flag) throw new AppError('NOT_FOUND');
  return flag;
}

export function bulkUpdateFlags(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  updates: { key: string; enabled: boolean }[],
) {
  return applyChanges(ctx, request, actor, updates, 'feature_flag.bulk');
}

/** Back to the defaults, for one category or all. */
export function resetFlags(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  category: FlagCategory | undefined,
) {
  const updates = FEATURE_FLAGS.filter((flag) => !category || flag.category === category).map(
    (flag) => ({
      key: flag.key,
      enabled: flag.defaultEnabled,
    }),
  );
  return applyChanges(ctx, request, actor, updates, 'feature_flag.reset');
}
