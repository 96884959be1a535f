import { z } from 'zod';
import { text } from './input-rules';

/** Topic names: lowercase words joined by ':' (e.g. `user:<uuid>`), at most 200 characters. */
export const topicSchema = text()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9_-]+(:[a-zA-Z0-9_-]+)*$/, 'Invalid topic');

export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('ping') }),
]);

export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export type RealtimeServerMessage =
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'event'; topic: string; payload: unknown }
  | {
      type: 'error';
      code: 'INVALID_MESSAGE' | 'FORBIDDEN' | 'TOO_MANY_SUBSCRIPTIONS';
      topic?: string;
    }
  | { type: 'pong' };

/** Most topics one connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 50;

/** The server closes a WebSocket with this code when its session has ended (sign-out, revocation). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
