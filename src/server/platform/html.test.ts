import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes what could end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text alone, accents included', () => {
    expect(escapeHtml('Réinitialisez votre mot de passe : 1 234 €')).toBe(
      'Réinitialisez votre mot de passe : 1 234 €',
    );
  });
});
