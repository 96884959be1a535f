import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createScenarioSchema,
  MAX_SCENARIOS,
  PROJECTION_MAX_PATHS,
  PROJECTION_MAX_YEARS,
  projectionRunBodySchema,
  projectionRunResponseSchema,
  scenarioResponseSchema,
  scenariosResponseSchema,
  updateScenarioSchema,
} from '@/contracts/projections';
import type { ServerContext } from '../../context';
import { actorOf, empty, errors, idParams, noContent, simQuery } from '../ledger';
import * as projections from './projections.service';

/**
 * Wealth projections (issue 29): scenarios saved in a portfolio view, and runs of the Monte Carlo
 * simulation for API clients. Read permission lists, opens and runs; edit saves, renames and
 * deletes; `?sim=` acts inside a simulation the caller can see.
 */
export async function planningRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/portfolios/:id/projections',
    {
      schema: {
        tags: ['planning'],
        summary: 'The projection scenarios saved in a portfolio view (oldest first).',
        params: idParams,
        querystring: simQuery,
        response: { 200: scenariosResponseSchema, ...errors },
      },
    },
    async (request) => ({
      scenarios: await projections.listScenarios(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
      ),
    }),
  );

  routes.post(
    '/api/v1/portfolios/:id/projections',
    {
      schema: {
        tags: ['planning'],
        summary: `Save a projection scenario (a name and the projection's inputs; edit permission; at most ${MAX_SCENARIOS} per portfolio view, 409 PROJECTION_SCENARIO_LIMIT beyond).`,
        params: idParams,
        querystring: simQuery,
        body: createScenarioSchema,
        response: { 201: scenarioResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        scenario: await projections.createScenario(
          ctx,
          actorOf(request),
          request.params.id,
          request.query.sim,
          request.body,
        ),
      }),
  );

  routes.post(
    '/api/v1/portfolios/:id/projections/run',
    {
      schema: {
        tags: ['planning'],
        summary: `Run a wealth projection: the mean path and the 5/25/50/75/95 percentile bands, month by month, of ${PROJECTION_MAX_PATHS.toLocaleString('en')} Monte Carlo paths at most over ${PROJECTION_MAX_YEARS} years at most, seeded (the same seed and inputs give the page's figures), in the portfolio's base currency; from the start value given or the view's value today.`,
        params: idParams,
        querystring: simQuery,
        body: projectionRunBodySchema,
        response: { 200: projectionRunResponseSchema, ...errors },
      },
    },
    async (request) =>
      projections.runProjection(
        ctx,
        actorOf(request),
        request.params.id,
        request.query.sim,
        request.body,
      ),
  );

  routes.get(
    '/api/v1/projections/:id',
    {
      schema: {
        tags: ['planning'],
        summary: 'A saved projection scenario (read permission on its portfolio view).',
        params: idParams,
        response: { 200: scenarioResponseSchema, ...errors },
      },
    },
    async (request) => ({
      scenario: await projections.getScenario(ctx, actorOf(request), request.params.id),
    }),
  );

  routes.patch(
    '/api/v1/projections/:id',
    {
      schema: {
        tags: ['planning'],
        summary: 'Rename a projection scenario or change its inputs (edit permission).',
        params: idParams,
        body: updateScenarioSchema,
        response: { 200: scenarioResponseSchema, ...errors },
      },
    },
    async (request) => ({
      scenario: await projections.updateScenario(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/api/v1/projections/:id',
    {
      schema: {
        tags: ['planning'],
        summary: 'Delete a projection scenario (edit permission).',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await projections.deleteScenario(ctx, actorOf(request), request.params.id);
      return empty(reply);
    },
  );
}
