import type { RouteOptions } from 'fastify';
import type { z } from 'zod';

/** A route as registered, with the zod schemas of what it takes. */
export type CatalogRoute = {
  method: string;
  url: string;
  body: z.ZodType | null;
  querystring: z.ZodType | null;
  params: z.ZodType | null;
};

const isZod = (value: unknown): value is z.ZodType =>
  !!value && typeof value === 'object' && '_zod' in value && 'safeParse' in value;

/** Collects routes through the app's onRoute hook (pass `catalog.onRoute` to createTestApp). */
export class RouteCatalog {
  readonly routes: CatalogRoute[] = [];

  readonly onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      this.routes.push({
        method,
        url: route.url,
        body: isZod(schema.body) ? schema.body : null,
        querystring: isZod(schema.querystring) ? schema.querystring : null,
        params: isZod(schema.params) ? schema.params : null,
      });
    }
  };

  /** API routes that change something, and every API route that takes query parameters. */
  fuzzTargets(skip: ReadonlySet<string>): CatalogRoute[] {
    return this.routes.filter(
      (route) =>
        route.url.startsWith('/api/v1/') &&
        !skip.has(`${route.method} ${route.url}`) &&
        (route.method !== 'GET' || route.querystring !== null),
    );
  }
}

/** The names of a route's path parameters, in order (`/portfolios/:id/export/:file`). */
export const pathParams = (url: string) =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);

export function fillPath(url: string, values: Record<string, string>) {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => values[name] ?? '');
}
