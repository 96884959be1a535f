import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import enValidation from '@/web/locales/en/validation.json';
import frValidation from '@/web/locales/fr/validation.json';

describe('validation messages', () => {
  it('has one English text per contract id, identical to the contract', () => {
    expect(enValidation).toEqual(VALIDATION_MESSAGES);
  });

  it('translates every id into French', () => {
    expect(Object.keys(frValidation).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    for (const [id, text] of Object.entries(frValidation)) {
      expect(text, id).not.toBe(VALIDATION_MESSAGES[id as keyof typeof VALIDATION_MESSAGES]);
      expect(text, id).not.toMatch(/'/);
    }
  });
});
