import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI 3 generated from the zod schemas routes declare. Must be registered before the routes.
 * The document is served at /api/v1/openapi.json and browsable at /api/docs.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; publicUrl: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cairn API',
        version: options.version,
        description:
          'The Cairn API. Every path is under /api/v1, takes and answers JSON with camelCase fields; ' +
          'decimal amounts travel as strings and dates as ISO 8601. Errors answer ' +
          '`{ "error": { "code", "message", "details" } }` with a code from a closed list.',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    transformSpecificationClone: true,
  });
}
