import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './display-name';

describe('displayNameOf', () => {
  it('prefers the full name, then the e-mail before the @, then the fallback', () => {
    expect(displayNameOf({ fullName: '  Ada Lovelace ', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(displayNameOf({ fullName: '   ', email: 'ada.l@example.com' })).toBe('ada.l');
    expect(displayNameOf({ fullName: null, email: '@example.com' })).toBe('User');
    expect(displayNameOf(null)).toBe('User');
    expect(displayNameOf(undefined, 'Utilisateur')).toBe('Utilisateur');
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['ada', 'A'],
    ['jean-pierre', 'JP'],
    ['ada.lovelace', 'AL'],
    ['  élodie   durand ', 'ÉD'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('keeps letters made of several code units whole', () => {
    expect(initialsOf('𝒜da Lovelace')).toBe('𝒜L');
  });
});
