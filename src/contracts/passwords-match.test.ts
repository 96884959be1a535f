import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordBodySchema, newPasswordSchema, passwordsMatch } from './auth';

describe('passwordsMatch', () => {
  const pair = z
    .object({ password: newPasswordSchema, confirmPassword: z.string() })
    .refine(...passwordsMatch('password'));

  it('accepts a password typed twice the same', () => {
    expect(
      pair.safeParse({ password: 'Analytical1', confirmPassword: 'Analytical1' }).success,
    ).toBe(true);
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    const result = pair.safeParse({ password: 'Analytical1', confirmPassword: 'Analytical9' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'Passwords do not match', path: ['confirmPassword'] }),
    ]);
  });

  it('compares the field it is told to (the password change form types `newPassword` twice)', () => {
    const change = changePasswordBodySchema
      .extend({ confirmPassword: z.string() })
      .refine(...passwordsMatch('newPassword'));
    const base = { currentPassword: 'old', newPassword: 'Analytical1' };
    expect(change.safeParse({ ...base, confirmPassword: 'Analytical1' }).success).toBe(true);
    expect(
      change.safeParse({ ...base, confirmPassword: 'analytical1' }).error?.issues[0],
    ).toMatchObject({
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });
  });
});
