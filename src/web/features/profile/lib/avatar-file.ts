import { AUTH_LIMITS } from '@/contracts/auth';

/** The image types the server accepts for an avatar. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a file cannot be an avatar (checked before uploading), or null when it can. */
export function avatarFileProblem(
  file: Pick<File, 'size' | 'type'>,
): 'AVATAR_TOO_LARGE' | 'AVATAR_INVALID_TYPE' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'AVATAR_INVALID_TYPE';
  if (file.size > AUTH_LIMITS.avatarMaxBytes) return 'AVATAR_TOO_LARGE';
  return null;
}
