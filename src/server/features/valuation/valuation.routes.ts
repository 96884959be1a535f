import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import { summaryResponseSchema } from '@/contracts/holdings';
import {
  dashboardQuerySchema,
  type DashboardResponse,
  dashboardResponseSchema,
  isAdvancedRange,
  type PerformanceRange,
  type PerformanceResponse,
  performanceQuerySchema,
  performanceResponseSchema,
} from '@/contracts/valuation';
import type { ServerContext } from '../../context';
import { keptJson } from '../../platform/read-cache';
import { actorOf, idParams, simQuery } from '../ledger';
import { requireAuth } from '../session';
import { requireFeature } from '../subscription';
import * as dashboardService from './dashboard.service';
import { performanceReportCsv, performanceReportHeaders } from './valuation.report';
import * as valuationService from './valuation.service';

/**
 * The 200 answers here are large (hundreds of holdings, hundreds of chart points) and built by
 * typed code from the contract's types: they are sent as JSON without the zod pass over every
 * field (20 ms on the request thread for a 250-holding answer), which the other answers keep.
 * The tests read every answer through the contract's schema (performance.test.ts).
 */
const sendTyped = <T>(route: FastifyRouteSchemaDef<T>) =>
  route.httpStatus === '200'
    ? (data: unknown) => JSON.stringify(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * What portfolios are worth and how they did (issue 13). Read permission, as every read; history
 * beyond a year is advanced analytics and the report an advanced export, on the caller's plan.
 */
export async function valuationRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendPerformance = keptJson((answer: PerformanceResponse) => answer);
  const sendDashboard = keptJson((answer: DashboardResponse) => answer);
  const requireRange = async (request: FastifyRequest, range: PerformanceRange) => {
    if (isAdvancedRange(range)) {
      await requireFeature(ctx.database.db, requireAuth(request).user.id, 'advanced_analytics');
    }
  };

  routes.get(
    '/api/v1/portfolios/:id/performance',
    {
      schema: {
        tags: ['valuation'],
        summary:
          'Value, gains, income, costs and returns (TWR, MWR) of a portfolio or simulation over a range, in its base currency, with the daily series and each holding.',
        params: z.object({ id: z.uuid() }),
        querystring: performanceQuerySchema,
        response: { 200: performanceResponseSchema, ...errors },
      },
      serializerCompiler: sendTyped,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await requireRange(request, request.query.range);
      return sendPerformance(
        reply,
        await valuationService.portfolioPerformance(ctx, actor, request.params.id, request.query),
      );
    },
  );

  routes.get(
    '/api/v1/portfolios/:id/summary',
    {
      schema: {
        tags: ['holdings'],
        summary:
          "Category aggregation: per class and currency, item count, total cost, value and gain in that currency, from the same valuation as the performance answer; the total in the portfolio's currency (its value), with the plan's asset limit.",
        params: idParams,
        querystring: simQuery,
        response: { 200: summaryResponseSchema, ...errors },
      },
    },
    async (request) =>
      valuationService.portfolioSummary(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      ),
  );

  routes.get(
    '/api/v1/portfolios/:id/performance/report.csv',
    {
      schema: {
        tags: ['valuation'],
        summary:
          "The performance report (Premium: data_export): each holding's figures over the range and the total, as CSV, in the portfolio's currency. Named cairn-performance-<range>-<as of>.csv.",
        params: z.object({ id: z.uuid() }),
        querystring: performanceQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV file (text/csv; charset=utf-8).'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await requireFeature(ctx.database.db, actor.userId, 'data_export');
      await requireRange(request, request.query.range);
      const answer = await valuationService.portfolioPerformance(
        ctx,
        actor,
        request.params.id,
        request.query,
      );
      return reply
        .headers(performanceReportHeaders(answer.range, answer.asOf))
        .send(performanceReportCsv(answer));
    },
  );

  routes.get(
    '/api/v1/dashboard',
    {
      schema: {
        tags: ['valuation'],
        summary:
          "Net worth over the user's own portfolios in their currency (shared portfolios apart), its series and returns, allocation, top movers, recent activity and savings maturities; with sim, the same for one simulation the caller can see (its holdings and its cash).",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
      serializerCompiler: sendTyped,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await requireRange(request, request.query.range);
      return sendDashboard(
        reply,
        await dashboardService.dashboard(ctx, actor, request.query.range, request.query.sim),
      );
    },
  );
}
