import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromTag,
} from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM } from '@/contracts/public-pages';

/** Accept-Language's preferred language among ours, or null. */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const first = ranked.find((entry) => /^(en|fr)\b/i.test(entry.tag));
  return first ? languageFromTag(first.tag) : null;
}

/** ?lang=, then the saved choice (cookie), then the browser, then English. */
export function requestLanguage(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string;
}): Language {
  if (isLanguage(input.query)) return input.query;
  if (isLanguage(input.cookie)) return input.cookie;
  return languageFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language to answer a request in (emails it triggers, first HTML). */
export function languageOf(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM];
  return requestLanguage({
    query: typeof query === 'string' ? query : null,
    cookie: request.cookies[LANGUAGE_COOKIE] ?? null,
    acceptLanguage: request.headers['accept-language'],
  });
}
