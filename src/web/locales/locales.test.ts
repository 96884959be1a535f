import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/contracts/error-codes';
import { allResources } from '@/web/test/i18n';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf key, dotted; plural forms count as their base key (languages have different forms). */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leafKeys(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix.replace(PLURAL_SUFFIX, '')];
}

const resources = allResources();
const namespaces = [
  ...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs))),
].sort();

describe('translations', () => {
  it('exist for English and French', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'fr']);
  });

  it.each(namespaces)('namespace %s has the same keys in both languages', (namespace) => {
    const en = new Set(leafKeys(resources.en?.[namespace]));
    const fr = new Set(leafKeys(resources.fr?.[namespace]));
    expect(
      [...en].filter((key) => !fr.has(key)),
      'missing in French',
    ).toEqual([]);
    expect(
      [...fr].filter((key) => !en.has(key)),
      'missing in English',
    ).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const [language, byNs] of Object.entries(resources)) {
      for (const [namespace, content] of Object.entries(byNs)) {
        const empty = leafKeys(content).filter((key) => {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], content);
          return text === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it('translate every API error code', () => {
    for (const language of ['en', 'fr'] as const) {
      const errors = resources[language]?.errors ?? {};
      expect(
        ERROR_CODES.filter((code) => typeof errors[code] !== 'string'),
        language,
      ).toEqual([]);
    }
  });

  it('keep public page titles and descriptions within what search engines show', () => {
    for (const language of ['en', 'fr'] as const) {
      const seo = (resources[language]?.seo ?? {}) as Record<
        string,
        { title?: unknown; description?: unknown }
      >;
      for (const [page, meta] of Object.entries(seo)) {
        if (typeof meta !== 'object' || meta === null) continue;
        if (typeof meta.title === 'string') {
          expect(meta.title.length, `${language} ${page} title`).toBeLessThanOrEqual(60);
        }
        if (typeof meta.description === 'string') {
          expect(meta.description.length, `${language} ${page} description`).toBeLessThanOrEqual(
            160,
          );
        }
      }
    }
  });
});
