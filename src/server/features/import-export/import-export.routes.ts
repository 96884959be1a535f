import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import { text } from '@/contracts/input-rules';
import {
  EXPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importBodySchema,
  importCommitResponseSchema,
  importPreviewResponseSchema,
} from '@/contracts/import-export';
import type { ServerContext } from '../../context';
import { MINUTE } from '../../platform/clock';
import { createLimiter } from '../../platform/rate-limit';
import { actorOf } from '../ledger';
import {
  exportHeaders,
  exportHoldings,
  exportSavingsMovements,
  exportSavingsRates,
  exportTransactions,
} from './export.service';
import { commitImport, previewImport } from './import.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const simQuery = z.object({
  sim: z.uuid().optional().describe('Act inside this simulation of the portfolio.'),
});

/**
 * CSV export (read permission) and import (edit permission) of a portfolio's holdings and
 * transactions (spec 002, section 9; security checklist 19). Services: export.service.ts and
 * import.service.ts.
 */
export async function importExportRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const exportsPerUser = createLimiter(app, {
    name: 'csv-export',
    max: 120,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });
  const importsPerUser = createLimiter(app, {
    name: 'csv-import',
    max: 120,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.get(
    '/api/v1/portfolios/:id/export/:file',
    {
      schema: {
        tags: ['import-export'],
        summary:
          'Download a CSV file: assets (every class), market, crypto, real-estate, crowdfunding, savings, transactions (read in batches of 1,000), savings-movements or savings-rates; one database snapshot per file. Named cairn-<kind>-YYYY-MM-DD.csv (UTC date).',
        params: z.object({
          id: z.uuid(),
          file: text()
            .regex(new RegExp(`^(${EXPORT_KINDS.join('|')})\\.csv$`))
            .transform((file) => file.slice(0, -'.csv'.length) as (typeof EXPORT_KINDS)[number])
            .describe('<kind>.csv'),
        }),
        querystring: simQuery,
        response: {
          200: z.string().describe('The CSV file (text/csv; charset=utf-8).'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await exportsPerUser(request);
      const kind = request.params.file;
      const { id } = request.params;
      const { sim } = request.query;
      // The permission is checked, and the file read, before any CSV header is set: a refusal
      // or a failure answers a JSON error, never a partial file.
      let file: string | Readable;
      switch (kind) {
        case 'transactions':
          file = await exportTransactions(ctx, actor, id, sim);
          break;
        case 'savings-movements':
          file = await exportSavingsMovements(ctx, actor, id, sim);
          break;
        case 'savings-rates':
          file = await exportSavingsRates(ctx, actor, id, sim);
          break;
        default:
          file = await exportHoldings(ctx, actor, id, sim, kind);
      }
      // A stream is sent as it is read (no serialization): typed as the text it becomes.
      return reply.headers(exportHeaders(kind, ctx.clock.now())).send(file as string);
    },
  );

  routes.post(
    '/api/v1/portfolios/:id/import',
    {
      // The file travels inside JSON: 5 MB of text, escaped, fits in 12 MB.
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags: ['import-export'],
        summary: `Import a CSV file of holdings, transactions, savings movements or savings rate changes (edit permission; at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows). commit false previews: columns, mapping, sample and every row's errors. commit true saves all rows in one transaction, or none (400 IMPORT_INVALID with the errors).`,
        params: z.object({ id: z.uuid() }),
        querystring: simQuery,
        body: importBodySchema,
        response: { 200: importPreviewResponseSchema, 201: importCommitResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await importsPerUser(request);
      const { id } = request.params;
      const { sim } = request.query;
      if (!request.body.commit) return previewImport(ctx, actor, id, sim, request.body);
      return reply.status(201).send(await commitImport(ctx, actor, id, sim, request.body));
    },
  );
}
