import type { User } from '@/contracts/auth';

export type UserLike = {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  role: 'user' | 'admin';
  emailConfirmedAt: Date | null;
  createdAt: Date;
};

export function toUser(user: UserLike): User {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl,
    role: user.role,
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
