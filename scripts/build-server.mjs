// Second half of `npm run build` (scripts/build.mjs, after `vite build`): bundles the server, copies the SQL
// migrations beside it, precompresses the web assets, and writes the page metadata the server
// puts in the first HTML of public pages.
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const web = path.join(dist, 'web');
const server = path.join(dist, 'server');

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

await rm(server, { recursive: true, force: true });
await build({
  // The embedded database runs on its own thread, from its own file beside the server.
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'pglite-worker': path.join(root, 'src/server/db/pglite-worker.ts'),
    // Heavy pure work (the valuation engine) runs on worker threads started from this file.
    'compute-worker': path.join(root, 'src/server/workers/compute-worker.ts'),
  },
  outdir: server,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Shared code goes to chunks beside the entries (import.meta.url paths stay right), so main.js
  // can open the database while start.ts's chunk loads.
  splitting: true,
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.node.json'),
  logLevel: 'warning',
});
await cp(path.join(root, 'src/server/db/migrations'), path.join(server, 'migrations'), {
  recursive: true,
});

// Page titles and descriptions per language, from the web's `seo` namespace.
const seo = {};
for (const language of ['en', 'fr']) {
  seo[language] = JSON.parse(
    await readFile(path.join(root, `src/web/locales/${language}/seo.json`), 'utf8'),
  );
}
await writeFile(path.join(web, 'seo-meta.json'), JSON.stringify(seo));

// The landing page rendered to HTML in each language (src/web/site/prerender.tsx, built with
// Vite's SSR build into a scratch folder): the server sends it inside #root for a first paint
// without JavaScript.
const prerenderOut = path.join(dist, '.prerender');
await viteBuild({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'src/web/site/prerender.tsx'),
    outDir: prerenderOut,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { input: path.join(root, 'src/web/site/prerender.tsx') },
  },
});
const { prerenderLanding } = await import(
  pathToFileURL(path.join(prerenderOut, 'prerender.js')).href
);
await writeFile(
  path.join(web, 'prerendered.json'),
  JSON.stringify({ landing: await prerenderLanding() }),
);
await rm(prerenderOut, { recursive: true, force: true });

// Source maps leave the served folder: kept for debugging and error reports (dist/sourcemaps,
// same layout), never published.
const maps = path.join(dist, 'sourcemaps');
await rm(maps, { recursive: true, force: true });
let mapCount = 0;
for await (const file of walk(web)) {
  if (!file.endsWith('.map')) continue;
  const target = path.join(maps, path.relative(web, file));
  await mkdir(path.dirname(target), { recursive: true });
  await rename(file, target);
  mapCount += 1;
}

// Precompressed copies of text assets, served by @fastify/static when the browser accepts them.
const gz = promisify(gzip);
const br = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|xml|webmanifest)$/;
let count = 0;
for await (const file of walk(web)) {
  if (!COMPRESSIBLE.test(file)) continue;
  if ((await stat(file)).size < 1024) continue;
  const content = await readFile(file);
  await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
  await writeFile(
    `${file}.br`,
    await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(
  `server bundled to dist/server/main.js; ${count} web assets precompressed; ${mapCount} source maps moved to dist/sourcemaps`,
);
