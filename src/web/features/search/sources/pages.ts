import enSearch from '@/web/locales/en/search.json';
import { defineSource } from './source';

/** The app's pages and settings pages, as 'go to' actions (every path the search namespace names). */
const PAGE_PATHS = Object.keys(enSearch.pages);

export const pagesSource = defineSource<never>({
  name: 'pages',
  documents: (_data, { t, both, hasPage }) =>
    PAGE_PATHS.filter(hasPage).map((path) => {
      const settings = path.startsWith('/settings');
      return {
        id: `page:${path}`,
        type: settings ? 'setting' : 'page',
        category: settings ? 'settings' : 'pages',
        title: t('goTo', { page: t(`pages.${path}`) }),
        path,
        icon: settings ? 'settings' : 'page',
        keywords: [
          ...both(`pages.${path}`),
          // "go to" and "aller à" find every page.
          ...both('goTo').map((text) => text.replace('{{page}}', '').trim()),
          ...path.split('/').filter(Boolean),
        ],
      };
    }),
});
