import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { PUBLIC_PAGES } from './src/contracts/public-pages';

const API = process.env.API_URL ?? 'http://localhost:3000';

const PUBLIC_PATHS = new Set(PUBLIC_PAGES.flatMap((page) => [page.path, ...page.aliases]));

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
  plugins: [react(), tailwindcss(), publicSiteInDev, preloadFont],
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
