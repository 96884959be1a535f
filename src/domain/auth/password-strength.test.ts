import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['Ab1', 'weak'],
    ['Password1', 'weak'],
    ['azerty12', 'weak'],
    ['aaaaaaaaaa', 'weak'],
    ['abcdefgz', 'weak'],
    ['Abcdefg1', 'medium'],
    ['bluehorse7', 'medium'],
    ['Blue-Horse-7', 'strong'],
    ['correct horse battery staple', 'strong'],
    ['Tr0ub4dour&3', 'strong'],
  ])('%s is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });

  it('never gets weaker when a character is added to a strong password', () => {
    const strong = fc.string({ minLength: 16, maxLength: 40 }).map((s) => `${s}Aa1!`);
    fc.assert(
      fc.property(strong, fc.string({ minLength: 1, maxLength: 1 }), (password, extra) => {
        fc.pre(passwordStrength(password) === 'strong');
        expect(passwordStrength(password + extra)).toBe('strong');
      }),
    );
  });
});
