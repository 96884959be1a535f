import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const AVATAR_SIZE = 256;

export async function getProfile(ctx: ServerContext, userId: string) {
  const [row] = await ctx.database.db
    .select({
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      role: profiles.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Only the user's own avatar may be set as avatarUrl (their current upload, or null): an outside
 * URL would make every viewer's browser call a third party (and the Content Security Policy would
 * block it anyway), and another user's file is not theirs to show. Stored names are random, so
 * ownership is the profile row naming the file.
 */
function checkAvatarUrl(ctx: ServerContext, current: string | null, avatarUrl: string) {
  const url = new URL(avatarUrl, ctx.config.publicUrl);
  const key = url.origin === ctx.config.publicUrl.origin ? ctx.storage.keyOf(url.pathname) : null;
  if (!key || url.pathname !== current) {
    throw new AppError(
      'VALIDATION_ERROR',
      { issues: [{ path: 'avatarUrl', message: 'Invalid avatar URL' }] },
      'avatarUrl: Invalid avatar URL',
    );
  }
  return url.pathname;
}

/** The profile row of a user, locked until the transaction ends (avatar changes are serialised). */
async function lockProfile(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function removeStored(ctx: ServerContext, url: string | null) {
  const key = url ? ctx.storage.keyOf(url) : null;
  if (key) await ctx.storage.remove(key);
}

/**
 * Changes the name and/or the avatar URL. A file the profile stops naming is deleted only after
 * the change committed: a failed update never leaves the profile pointing at a missing file.
 */
export async function updateProfile(
  ctx: ServerContext,
  userId: string,
  changes: { fullName?: string | null | undefined; avatarUrl?: string | null | undefined },
) {
  const replaced = await ctx.database.db.transaction(async (tx) => {
    const current = await lockProfile(tx, userId);
    const set: Partial<typeof profiles.$inferInsert> = { updatedAt: ctx.clock.now() };
    if (changes.fullName !== undefined)
      set.fullName = changes.fullName === '' ? null : changes.fullName;
    if (changes.avatarUrl !== undefined) {
      set.avatarUrl =
        changes.avatarUrl === null
          ? null
          : checkAvatarUrl(ctx, current.avatarUrl, changes.avatarUrl);
    }
    await tx.update(profiles).set(set).where(eq(profiles.userId, userId));
    return set.avatarUrl !== undefined && current.avatarUrl !== set.avatarUrl
      ? current.avatarUrl
      : null;
  });
  await removeStored(ctx, replaced);
  return getProfile(ctx, userId);
}

/** A random stored name (128 bits): URLs say nothing about their owner and cannot be guessed. */
function newAvatarKey() {
  return `avatars/${randomBytes(16).toString('hex')}.webp`;
}

/**
 * Stores a new avatar: the type is judged from the content (decoding it), never the file name;
 * the image is re-encoded (which drops metadata and anything hidden in the file) into a 256 px
 * square WebP under a random name. The profile row is locked while it changes, so two uploads at
 * once end with one avatar and no orphan file; the previous file is deleted after the commit, and
 * the new one if the change fails.
 */
export async function replaceAvatar(ctx: ServerContext, userId: string, content: Buffer) {
  // sharp (native, slow to load) is loaded on the first upload rather than at start-up.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(content).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('AVATAR_INVALID_TYPE');
  let image: Buffer;
  try {
    image = await sharp(content, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('AVATAR_INVALID_TYPE');
  }
  const url = await ctx.storage.put(newAvatarKey(), image);
  let previous: string | null;
  try {
    previous = await ctx.database.db.transaction(async (tx) => {
      const current = await lockProfile(tx, userId);
      await tx
        .update(profiles)
        .set({ avatarUrl: url, updatedAt: ctx.clock.now() })
        .where(eq(profiles.userId, userId));
      return current.avatarUrl;
    });
  } catch (error) {
    await removeStored(ctx, url);
    throw error;
  }
  if (previous !== url) await removeStored(ctx, previous);
  return getProfile(ctx, userId);
}

export async function removeAvatar(ctx: ServerContext, userId: string) {
  return updateProfile(ctx, userId, { avatarUrl: null });
}
