import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import {
  latestPrivacyExportSchema,
  privacyExportCreatedSchema,
  privacyExportParamsSchema,
  privacyExportSchema,
} from '@/contracts/privacy';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import { HOUR, MINUTE } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import {
  buildExport,
  downloadOf,
  EXPORT_JOB,
  exportOf,
  latestExport,
  requestExport,
  toPrivacyExport,
} from './export.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/** A session's caller (personal API keys cannot reach these: api-key-auth's list). */
function sessionUser(request: Parameters<typeof requireAuth>[0]) {
  const auth = requireAuth(request);
  if (auth.apiKey) throw new AppError('API_KEY_NOT_ALLOWED');
  return auth.user.id;
}

/**
 * "Download your data" (issue 17): a ZIP of everything Cairn holds about the caller, built by
 * the job queue; its status and download belong to its owner only (404 for anyone else).
 */
export async function privacyRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  ctx.scheduler.define<{ exportId: string }>(
    EXPORT_JOB,
    { retries: 2, retryAfterMs: MINUTE, expireAfterSeconds: HOUR / 1_000 },
    async (data, attempt) => {
      if (typeof data.exportId !== 'string') return;
      await buildExport(ctx, data.exportId, attempt);
    },
  );

  const exportsPerUser = createLimiter(app, {
    name: 'privacy-export',
    max: 10,
    timeWindowMs: HOUR,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.post(
    '/api/v1/privacy/export',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Ask for a ZIP of everything Cairn holds about you (202 with its id). One at a time: while one is queued or running, the answer is its id.',
        response: { 202: privacyExportCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = sessionUser(request);
      await exportsPerUser(request);
      const { id } = await requestExport(ctx, userId);
      return reply.status(202).send({ id });
    },
  );

  routes.get(
    '/api/v1/privacy/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Your latest data export (null when there is none, or it expired).',
        response: { 200: latestPrivacyExportSchema, ...errors },
      },
    },
    async (request) => {
      const row = await latestExport(ctx, sessionUser(request));
      return { export: row ? toPrivacyExport(row) : null };
    },
  );

  routes.get(
    '/api/v1/privacy/export/:id',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'One of your data exports: status (queued, running, ready, failed), progress 0-100, and when ready its download link, valid 24 hours.',
        params: privacyExportParamsSchema,
        response: { 200: privacyExportSchema, ...errors },
      },
    },
    async (request) =>
      toPrivacyExport(await exportOf(ctx, sessionUser(request), request.params.id)),
  );

  routes.get(
    '/api/v1/privacy/export/:id/download',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Download a ready data export (a ZIP file; owner only, until it expires).',
        params: privacyExportParamsSchema,
        response: {
          200: z.string().describe('The ZIP file (application/zip), as an attachment.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await downloadOf(ctx, sessionUser(request), request.params.id);
      void reply.headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        ...(file.size !== null ? { 'content-length': String(file.size) } : {}),
      });
      // A stream is sent as it is read (no serialization).
      return reply.send(file.stream as unknown as string);
    },
  );
}
