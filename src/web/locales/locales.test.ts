import i18next from 'i18next';
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

  it('give every text with a {{count}} its plural forms, in both languages', () => {
    // Character counters: no noun, or one that agrees with the maximum.
    const NO_NOUN = new Set(['settings.account.bio.counter', 'portfolios.common.characters']);
    const withCount: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        const key = path.replace(/^\w+:/, '');
        if (value.includes('{{count}}') && !PLURAL_SUFFIX.test(path) && !NO_NOUN.has(key))
          withCount.push(path);
        return;
      }
      if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    };
    for (const [language, byNs] of Object.entries(resources))
      for (const [namespace, content] of Object.entries(byNs))
        walk(content, `${language}:${namespace}`);
    expect(withCount).toEqual([]);
  });

  it('agree in French: none is singular, one or zero is (CLDR), with the noun after the total', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      resources,
      lng: 'fr',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    const t = instance.getFixedT('fr');
    expect(t('dashboard:checklist.progress', { done: 0, count: 3 })).toBe('0 sur 3 faits');
    expect(t('dashboard:checklist.progress', { done: 1, count: 1 })).toBe('1 sur 1 fait');
    expect(t('admin:featureFlags.counts.categoryEnabled', { enabled: 0, count: 1 })).toBe(
      '0 sur 1 activée',
    );
    expect(t('admin:featureFlags.counts.categoryEnabled', { enabled: 2, count: 4 })).toBe(
      '2 sur 4 activées',
    );
    expect(t('security:twoFactor.full', { count: 1 })).toBe(
      'Vous pouvez avoir au plus 1 application d’authentification.',
    );
    const en = instance.getFixedT('en');
    expect(en('dashboard:checklist.progress', { done: 0, count: 3 })).toBe('0 of 3 done');
  });
});
