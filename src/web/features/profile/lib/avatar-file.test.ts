import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file';

const MB = 1024 * 1024;

describe('avatarFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: MB })).toBeNull();
  });

  it('refuses larger files and other types', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 5 * MB + 1 })).toBe('AVATAR_TOO_LARGE');
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('AVATAR_INVALID_TYPE');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('AVATAR_INVALID_TYPE');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('AVATAR_INVALID_TYPE');
  });
});
