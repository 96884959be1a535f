import { describe, expect, it } from 'vitest';
import { displayNameOf } from './display-name';

describe('displayNameOf with settings', () => {
  it('prefers the display name, then the full name, the e-mail before the @, then the fallback', () => {
    const user = { fullName: 'Ada Lovelace', email: 'ada@example.com' };
    expect(displayNameOf({ ...user, displayName: ' Countess ' })).toBe('Countess');
    expect(displayNameOf({ ...user, displayName: '  ' })).toBe('Ada Lovelace');
    expect(displayNameOf({ displayName: null, fullName: null, email: 'ada@example.com' })).toBe(
      'ada',
    );
    expect(displayNameOf({ displayName: null, fullName: null, email: null }, 'Utilisateur')).toBe(
      'Utilisateur',
    );
  });
});
