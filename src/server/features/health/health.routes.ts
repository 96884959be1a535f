import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '@/contracts/health';
import type { Database } from '../../db/client';
import { APP_VERSION } from '../../version';

const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers. Touches no dependency.',
        response: { 200: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async () => ({
      status: 'ok' as const,
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  routes.get(
    '/api/v1/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database answers. 503 when it does not.',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await withTimeout(database.ping(), READY_TIMEOUT_MS);
        const latencyMs = Math.round((performance.now() - started) * 10) / 10;
        return {
          status: 'ready' as const,
          checks: { database: { status: 'up' as const, kind: database.kind, latencyMs } },
        };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({
            status: 'unavailable' as const,
            checks: { database: { status: 'down' as const, kind: database.kind, latencyMs: null } },
          });
      }
    },
  );
}
