import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@/contracts/errors';
import { LANGUAGE_COOKIE } from '@/contracts/i18n';
import { settingsResponseSchema, updateSettingsBodySchema } from '@/contracts/settings';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import { getSettings, updateSettings } from './settings.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};
/** As the web app writes it (web/lib/i18n.ts): readable by the page, a year. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'The caller’s account, preferences, notification and theme settings.',
        response: { 200: settingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await getSettings(ctx, requireAuth(request).user.id) }),
  );

  routes.patch(
    '/api/v1/settings',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Change any sub-object and any of its fields; answers the whole settings. A language of en or fr also sets the language cookie (emails follow it); auto removes it.',
        body: updateSettingsBodySchema,
        response: { 200: settingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const settings = await updateSettings(ctx, auth.user.id, request.body);
      const language = request.body.preferences?.language;
      const cookie = { path: '/', sameSite: 'lax' as const, secure: ctx.config.secure };
      if (language === 'en' || language === 'fr') {
        void reply.setCookie(LANGUAGE_COOKIE, language, {
          ...cookie,
          maxAge: LANGUAGE_COOKIE_MAX_AGE,
        });
      } else if (language === 'auto') {
        void reply.clearCookie(LANGUAGE_COOKIE, cookie);
      }
      return { settings };
    },
  );
}
