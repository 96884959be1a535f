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
import {
  createGoalSchema,
  goalResponseSchema,
  goalsResponseSchema,
  updateGoalSchema,
} from '@/contracts/goals';
import type { ServerContext } from '../../context';
import { actorOf, empty, errors, idParams, noContent, simQuery } from '../ledger';
import * as goals from './goals.service';
import * as projections from './projections.service';

/**
 * Planning (issue 29): goals and wealth projections (scenarios saved in a portfolio view, and
 * runs of the Monte Carlo simulation for API clients). Read permission lists, opens and runs;
 * edit saves, changes and deletes; `?sim=` acts inside a simulation the caller can see.
 */
export async function planningRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Goals ----------------------------------------------------------------------------------------
  routes.get(
    '/api/v1/portfolios/:id/goals',
    {
      schema: {
        tags: ['planning'],
        summary:
          "The goals of a portfolio view with their progress (by target date), and the owner's plan's goal limit (null: unlimited) with how many goals the owner has.",
        params: idParams,
        querystring: simQuery,
        response: { 200: goalsResponseSchema, ...errors },
      },
    },
    async (request) => goals.listGoals(ctx, actorOf(request), request.params.id, request.query.sim),
  );

  routes.post(
    '/api/v1/portfolios/:id/goals',
    {
      schema: {
        tags: ['planning'],
        summary:
          "Create a goal (edit permission): 403 TIER_GOAL_LIMIT beyond the owner's plan (free 3, classic 10, pro unlimited); holdings measured must be active holdings of the view (400 GOAL_HOLDING_NOT_FOUND).",
        params: idParams,
        querystring: simQuery,
        body: createGoalSchema,
        response: { 201: goalResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        goal: await goals.createGoal(
          ctx,
          actorOf(request),
          request.params.id,
          request.query.sim,
          request.body,
        ),
      }),
  );

  routes.get(
    '/api/v1/goals/:id',
    {
      schema: {
        tags: ['planning'],
        summary: 'A goal with its progress (read permission on its portfolio view).',
        params: idParams,
        response: { 200: goalResponseSchema, ...errors },
      },
    },
    async (request) => ({ goal: await goals.getGoal(ctx, actorOf(request), request.params.id) }),
  );

  routes.patch(
    '/api/v1/goals/:id',
    {
      schema: {
        tags: ['planning'],
        summary:
          'Change a goal (edit permission); a new target or measure starts its milestones again.',
        params: idParams,
        body: updateGoalSchema,
        response: { 200: goalResponseSchema, ...errors },
      },
    },
    async (request) => ({
      goal: await goals.updateGoal(ctx, actorOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/api/v1/goals/:id',
    {
      schema: {
        tags: ['planning'],
        summary: 'Delete a goal (edit permission).',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await goals.deleteGoal(ctx, actorOf(request), request.params.id);
      return empty(reply);
    },
  );

  // Projections ----------------------------------------------------------------------------------
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
