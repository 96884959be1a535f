import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@/contracts/errors';
import {
  deleteNotificationsQuerySchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationsChangedResponseSchema,
  notificationTopic,
  updateNotificationBodySchema,
} from '@/contracts/notifications';
import {
  deletePushSubscriptionBodySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
  vapidPublicKeyResponseSchema,
} from '@/contracts/push';
import type { ServerContext } from '../../context';
import { requireAuth } from '../session';
import {
  deleteNotification,
  deleteNotifications,
  listNotifications,
  markAllRead,
  setNotificationRead,
} from './notifications.service';
import { subscribePush, unsubscribePush } from './push.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const idParams = z.object({ id: z.uuid() });

/**
 * The notification centre: the caller's own notifications only. Realtime events reach the
 * caller's open tabs on `notifications:<userId>`, which only that user may subscribe to.
 */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  ctx.realtime.registerTopic({
    name: 'notifications',
    matches: (topic) => topic.startsWith('notifications:'),
    authorize: (request, topic) =>
      !!request.auth &&
      !request.auth.mfaPending &&
      topic === notificationTopic(request.auth.user.id),
  });

  routes.get(
    '/api/v1/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "The caller's notifications, newest first: filtered by type, read state (unread=true|false) or category (goals, achievements), paged with limit (default 50, at most 100) and offset; with the unread count and each tab's count.",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => listNotifications(ctx, requireAuth(request).user.id, request.query),
  );

  routes.patch(
    '/api/v1/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the caller’s notifications read or unread.',
        params: idParams,
        body: updateNotificationBodySchema,
        response: { 200: notificationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      notification: await setNotificationRead(
        ctx,
        requireAuth(request).user.id,
        request.params.id,
        request.body.isRead,
      ),
    }),
  );

  routes.post(
    '/api/v1/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks every unread notification of the caller read.',
        response: { 200: notificationsChangedResponseSchema, ...errors },
      },
    },
    async (request) => markAllRead(ctx, requireAuth(request).user.id),
  );

  routes.delete(
    '/api/v1/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Deletes one of the caller’s notifications.',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteNotification(ctx, requireAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/api/v1/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Deletes the caller’s read notifications (read=true) or, without it, all of them.',
        querystring: deleteNotificationsQuerySchema,
        response: { 200: notificationsChangedResponseSchema, ...errors },
      },
    },
    async (request) =>
      deleteNotifications(
        ctx,
        requireAuth(request).user.id,
        request.query.read === 'true' ? 'read' : 'all',
      ),
  );

  routes.get(
    '/api/v1/push/vapid-public-key',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The VAPID public key (application server key) a browser subscribes to Web Push with. Public.',
        response: { 200: vapidPublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: ctx.push.vapid.publicKey }),
  );

  routes.post(
    '/api/v1/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Registers this browser's Web Push subscription (PushSubscription.toJSON()) for the caller, by endpoint. An endpoint registered to another account moves only with the same keys (else 409 CONFLICT).",
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      subscription: await subscribePush(
        ctx,
        requireAuth(request).user.id,
        request.body,
        request.headers['user-agent']?.slice(0, 500) ?? null,
      ),
    }),
  );

  routes.delete(
    '/api/v1/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Removes the caller's Web Push subscription of that endpoint (404 when the caller has none).",
        body: deletePushSubscriptionBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribePush(ctx, requireAuth(request).user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
