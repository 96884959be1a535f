import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_LIMITS, profileResponseSchema, profileUpdateBodySchema } from '@/contracts/auth';
import { errorResponseSchema } from '@/contracts/errors';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import { MINUTE } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import { toUser } from './user-dto';
import { getProfile, removeAvatar, replaceAvatar, updateProfile } from './profile.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  // multipart/form-data is accepted in this plugin only (avatar upload); one file, 5 MB.
  await app.register(multipart, {
    limits: { fileSize: AUTH_LIMITS.avatarMaxBytes, files: 1, fields: 0, parts: 1 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const uploadsPerUser = createLimiter(app, {
    name: 'avatar-upload',
    max: 20,
    timeWindowMs: 60 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.get(
    '/api/v1/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The caller’s profile.',
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: toUser(await getProfile(ctx, requireAuth(request).user.id)) }),
  );

  routes.patch(
    '/api/v1/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the full name (and avatar URL).',
        body: profileUpdateBodySchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: toUser(await updateProfile(ctx, requireAuth(request).user.id, request.body)),
    }),
  );

  routes.post(
    '/api/v1/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload an avatar: multipart field `file`, JPEG, PNG or WebP, at most 5 MB.',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await uploadsPerUser(request);
      let content: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError('AVATAR_INVALID_TYPE');
        content = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('AVATAR_TOO_LARGE');
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        throw error;
      }
      return { user: toUser(await replaceAvatar(ctx, auth.user.id, content)) };
    },
  );

  routes.delete(
    '/api/v1/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove the avatar.',
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: toUser(await removeAvatar(ctx, requireAuth(request).user.id)) }),
  );
}
