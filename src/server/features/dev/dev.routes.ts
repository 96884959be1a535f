import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@/contracts/input-rules';
import { outboxResponseSchema } from '@/contracts/auth';
import type { ServerContext } from '../../context';
import { mailOutbox } from '../../db/schema';

/**
 * Development and test only (never registered when NODE_ENV is production): the emails the app
 * wrote, newest first, so a developer or a browser test can follow the links in them.
 */
export async function devRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: text().trim().toLowerCase().optional() }),
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
      await ctx.jobs.idle();
      const rows = await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(request.query.to ? eq(mailOutbox.to, request.query.to) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          template: row.template,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
