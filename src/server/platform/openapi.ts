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
  options: {
    version: string;
    publicUrl: string;
    apiKeyRateLimit: number;
    /** The paths a personal API key may call (the api-keys feature says). */
    isApiKeyRoute: (route: string) => boolean;
  },
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
          '`{ "error": { "code", "message", "details" } }` with a code from a closed list.\n\n' +
          'Sign in to the app for a session, or (Enterprise plan) send a personal API key from ' +
          'Settings > API keys as `Authorization: Bearer cairn_...` on the paths marked with a ' +
          'lock ("Authorize" here takes one): a key reads (and with its write ' +
          'scope changes) your portfolios, holdings, transactions, valuation and market data, and ' +
          'nothing else (no admin, account security, sharing or key management). Each key may make ' +
          `${options.apiKeyRateLimit} requests a minute (429 with Retry-After beyond).`,
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API key (cairn_...), created in Settings > API keys.',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'cairn_session',
            description:
              'The session cookie the app sets at sign-in (__Host-cairn_session over https).',
          },
        },
      },
    },
    // The paths a key may call say so (a key or the session); health is public.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      if (!options.isApiKeyRoute(input.route.url) || input.route.url === '/api/v1/health') {
        return transformed;
      }
      const security: Record<string, string[]>[] = [{ apiKey: [] }, { session: [] }];
      return { ...transformed, schema: { ...transformed.schema, security } };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      // "Authorize" takes a key; the browser's own cookie is not sent with a key (the API ignores it).
      persistAuthorization: false,
    },
    transformSpecificationClone: true,
  });
}
