import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPagePath } from '@/contracts/app-pages';
import { PUBLIC_PAGES } from '@/contracts/public-pages';
import { AppError } from './errors';
import { decodedPath, isApiPath } from './request-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Cache policy per built file: hashed assets forever, entry points always revalidated. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (
    name === 'index.html' ||
    name === 'sw.js' ||
    name.startsWith('manifest') ||
    name.startsWith('workbox-')
  ) {
    return REVALIDATE;
  }
  return SHORT;
}

/** A path that names a file (has an extension) gets a real 404, never the SPA shell. */
function looksLikeFile(url: string) {
  const pathname = url.split('?')[0] ?? '';
  return /\.[a-z0-9]+$/i.test(pathname);
}

type Encoding = 'br' | 'gzip';

/** br when the browser takes it, else gzip, else none (q=0 refusals are respected). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * The pages sent are a handful of variants (page x language, with the landing page's markup
 * inside): each is compressed once, at the highest level, and kept (at most 256 variants).
 */
class CompressedPages {
  private readonly cache = new Map<string, Buffer>();

  get(html: string, encoding: Encoding): Buffer {
    const key = `${encoding}:${html}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 });
    if (this.cache.size >= 256) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, compressed);
    return compressed;
  }
}

/** What the page sent is: a page of the site or app, or an address neither has (404). */
export type PageKind = { notFound: boolean };

/** Turns an HTML template into the page sent for one request (language, meta tags). */
export type IndexRenderer = (template: string, request: FastifyRequest, page: PageKind) => string;

/** Built files never served as they are. */
const TEMPLATES = new Set(['/index.html', '/site.html', '/seo-meta.json', '/prerendered.json']);
const PRECOMPRESSED = /\.(br|gz)$/;
/** Source maps are not published (the build keeps them outside the served folder anyway). */
const SOURCE_MAP = /\.map$/i;

const PUBLIC_PATHS = new Set(PUBLIC_PAGES.flatMap((page) => [page.path, ...page.aliases]));

/** Public pages (landing, legal) come from the site entry; everything else from the app. */
export function isPublicPagePath(url: string) {
  const pathname = url.split('?')[0] ?? '/';
  return PUBLIC_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/**
 * Whether a page path is one the site or the app shows (the app's router would otherwise show its
 * page-not-found screen): the server answers the others with the app's shell and status 404.
 */
export function isKnownPagePath(url: string) {
  const pathname = decodedPath(url);
  return isPublicPagePath(pathname) || isAppPagePath(pathname);
}

async function readTemplate(webRoot: string | null, name: string) {
  const file = webRoot === null ? null : path.join(webRoot, name);
  return file && existsSync(file) ? readFile(file, 'utf8') : null;
}

/**
 * Serves the built web app from `webRoot` (when it exists) and answers everything unknown:
 * JSON 404 under /api; for page paths, site.html (public pages) or index.html (the app, whose
 * router decides), with status 404 for a path neither has (the app shows its page-not-found
 * screen; the service worker passes a 404 answer through, it falls back to its copy of the shell
 * only when the network fails); 404 for missing files.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | null,
  renderIndex?: IndexRenderer,
) {
  const template = await readTemplate(webRoot, 'index.html');
  const siteTemplate = (await readTemplate(webRoot, 'site.html')) ?? template;

  const pages = new CompressedPages();
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const chosen = isPublicPagePath(request.url) ? siteTemplate : template;
    if (chosen === null) throw new AppError('NOT_FOUND');
    const page: PageKind = { notFound: !isKnownPagePath(request.url) };
    const html = renderIndex ? renderIndex(chosen, request, page) : chosen;
    reply
      .status(page.notFound ? 404 : 200)
      .header('cache-control', REVALIDATE)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(pages.get(html, encoding));
  };

  if (template !== null && webRoot !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // One wildcard route that looks files up on request: registering a route per built file
      // (about 250 with the source maps) took about 0.1 s of every start.
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // The HTML templates are only sent rendered (sendIndex); the page metadata is internal;
      // precompressed copies are served in place of their file, never by their own name.
      allowedPath: (pathName) =>
        !TEMPLATES.has(pathName) && !PRECOMPRESSED.test(pathName) && !SOURCE_MAP.test(pathName),
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
    app.get('/', { schema: { hide: true } }, sendIndex);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(decodedPath(request.url)) &&
      !looksLikeFile(request.url);
    if (template !== null && isPage) return sendIndex(request, reply);
    throw new AppError('NOT_FOUND', { method: request.method, path: request.url.split('?')[0] });
  });
}
