import type { FastifyInstance } from 'fastify';
import { buildRobots, buildSitemap } from './seo.service';

export async function seoRoutes(app: FastifyInstance, { origin }: { origin: string }) {
  const robots = buildRobots(origin);
  const sitemap = buildSitemap(origin);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
}
