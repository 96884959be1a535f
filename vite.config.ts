import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import packageJson from './package.json' with { type: 'json' };
import { PUBLIC_PAGES } from './src/contracts/public-pages';

const API = process.env.API_URL ?? 'http://localhost:3000';

const PUBLIC_PATHS = new Set(PUBLIC_PAGES.flatMap((page) => [page.path, ...page.aliases]));

/**
 * The app's shell as the service worker keeps it: the server renders index.html for any app path
 * (the template itself is never served), so the precached copy is fetched from this one.
 */
const APP_SHELL_URL = '/app-shell';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Navigations the service worker answers with the shell when the network fails: every page of
 * the app (not the public pages, which the server renders, nor the API or a file).
 */
const APP_NAVIGATION = new RegExp(
  `^https?://[^/]+/(?!api/)(?!(?:${[...PUBLIC_PATHS]
    .filter((pagePath) => pagePath !== '/')
    .map((pagePath) => escapeRegExp(pagePath.slice(1)))
    .join('|')})(?:[/?#]|$))[^.?#]+(?:[?#].*)?$`,
);

/**
 * The service worker (/sw.js, Workbox): precaches the app's shell and static files, answers an
 * app page with the shell when offline, and waits for the user's go-ahead to update (the app shows
 * 'New version available'; src/web/lib/pwa.ts), and shows Web Push notifications. API answers are not cached here: the app keeps the
 * signed-in user's last data itself, keyed by user (src/web/lib/offline-cache.ts).
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  filename: 'sw.js',
  workbox: {
    globPatterns: ['**/*.{js,css,woff2,svg,png}', 'index.html', 'manifest*.json'],
    // The landing page's own files and the social image are not the app's.
    globIgnores: ['**/og-image.png', 'site.html'],
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) =>
          entry.url === 'index.html' ? { ...entry, url: APP_SHELL_URL } : entry,
        ),
        warnings: [],
      }),
    ],
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: APP_NAVIGATION,
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: APP_SHELL_URL } },
      },
    ],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    // Web Push: shows the notification and opens its page on click (src/web/public/push-sw.js).
    importScripts: ['/push-sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/** In development, public pages come from the site entry, as the server does in production. */
const publicSiteInDev: Plugin = {
  name: 'cairn-public-site',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [pathname = '/', query] = (request.url ?? '/').split('?');
      if (PUBLIC_PATHS.has(pathname)) request.url = `/site.html${query ? `?${query}` : ''}`;
      next();
    });
  },
};

/**
 * Preloads the Latin subset of Inter (the only one English and French text needs) in both HTML
 * entries: the prerendered landing page paints before the CSS would discover the font, and a late
 * font swap moves the text (layout shift).
 */
const preloadFont: Plugin = {
  name: 'cairn-preload-font',
  transformIndexHtml: {
    order: 'post',
    handler(_html, context) {
      const font = Object.keys(context.bundle ?? {}).find((file) =>
        /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
      );
      if (!font) return [];
      return [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${font}`,
            crossorigin: '',
          },
          injectTo: 'head',
        },
      ];
    },
  },
};

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: 'public',
  plugins: [react(), tailwindcss(), publicSiteInDev, preloadFont, serviceWorker],
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // Maps are made for debugging and error reports but not linked from the bundles; the build
    // moves them out of the served folder (dist/sourcemaps): the source is not published.
    sourcemap: 'hidden',
    // The landing page's first JavaScript is budgeted (bench: at most 120 KB gzipped).
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'src/web/index.html'),
        site: path.resolve(import.meta.dirname, 'src/web/site.html'),
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API, ws: true },
      '/robots.txt': API,
      '/sitemap.xml': API,
    },
  },
});
