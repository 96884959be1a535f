import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  realtimeClientMessageSchema,
  type RealtimeServerMessage,
  SESSION_ENDED_CLOSE_CODE,
} from '@/contracts/realtime';
import { AppError } from './errors';
import { type Realtime, SESSIONS_ENDED_TOPIC, type SessionsEnded } from './realtime';

const HEARTBEAT_MS = 30_000;

type Connection = { socket: WebSocket; sessionId: string; userId: string };

/**
 * What the transport asks of the sessions (the session feature answers: it knows users, this file
 * does not).
 */
export type RealtimeSessions = {
  /** The session the upgrade carried, or null (no session). */
  of(request: FastifyRequest): { sessionId: string; userId: string } | null;
  /** Reads the session again (and keeps it on the request): false when it has ended. */
  refresh(
    request: FastifyRequest,
    session: { sessionId: string; userId: string },
  ): Promise<boolean>;
  /** The session may subscribe to nothing now (its account waits for deletion). */
  refused(request: FastifyRequest): boolean;
};

/** The open sockets of this process that belong to a session, to close when it ends. */
class SessionSockets {
  private readonly bySession = new Map<string, Set<Connection>>();

  add(connection: Connection) {
    let set = this.bySession.get(connection.sessionId);
    if (!set) {
      set = new Set();
      this.bySession.set(connection.sessionId, set);
    }
    set.add(connection);
  }

  remove(connection: Connection) {
    const set = this.bySession.get(connection.sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.bySession.delete(connection.sessionId);
  }

  matching(ended: SessionsEnded): Connection[] {
    if ('sessionIds' in ended)
      return ended.sessionIds.flatMap((id) => [...(this.bySession.get(id) ?? [])]);
    return [...this.bySession.values()]
      .flatMap((set) => [...set])
      .filter((c) => c.userId === ended.userId && c.sessionId !== ended.exceptSessionId);
  }
}

function isSessionsEnded(payload: unknown): payload is SessionsEnded {
  if (typeof payload !== 'object' || payload === null) return false;
  const value = payload as Record<string, unknown>;
  return Array.isArray(value.sessionIds) || typeof value.userId === 'string';
}

/**
 * GET /api/v1/realtime upgrades to a WebSocket. The client subscribes to topics
 * ({"type":"subscribe","topic":"..."}); each topic is authorised by the rule its feature
 * registered, against the session the upgrade carried, read again before each subscription (so
 * a role change counts and an ended session subscribes to nothing). Events published by any
 * process on a subscribed topic arrive as {"type":"event","topic","payload"}. When the session
 * ends (sign-out, revocation, password change or reset, expiry), every process closes its
 * sockets with code 4401, which the client takes as "signed out".
 */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: { realtime: Realtime; origins: Set<string>; sessions: RealtimeSessions },
) {
  const { realtime, origins, sessions } = deps;
  await app.register(websocket, {
    options: { maxPayload: 4_096 },
  });

  const open = new SessionSockets();
  const closeEnded = (connection: Connection) =>
    connection.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
  realtime.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
    if (!isSessionsEnded(payload)) return;
    for (const connection of open.matching(payload)) closeEnded(connection);
  });

  app.get(
    '/api/v1/realtime',
    {
      websocket: true,
      schema: {
        hide: true,
      },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !origins.has(origin)) {
          request.log.warn({ origin }, 'realtime connection from a foreign origin refused');
          throw new AppError('CROSS_SITE_REQUEST');
        }
      },
    },
    (socket: WebSocket, request) => {
      const subscriptions = new Map<string, () => void>();
      let alive = true;
      let queue: Promise<void> = Promise.resolve();
      const session = sessions.of(request);
      const connection: Connection | null = session ? { socket, ...session } : null;
      if (connection) open.add(connection);

      /** The session is read again: false (and the socket closed) when it has ended. */
      const refreshAuth = async () => {
        if (!connection) return true;
        if (await sessions.refresh(request, connection)) return true;
        closeEnded(connection);
        return false;
      };

      const send = (message: RealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };

      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      socket.on('pong', () => {
        alive = true;
      });

      const handle = async (raw: string) => {
        let data: unknown;
        try {
          data = JSON.parse(raw);
        } catch {
          send({ type: 'error', code: 'INVALID_MESSAGE' });
          return;
        }
        const parsed = realtimeClientMessageSchema.safeParse(data);
        if (!parsed.success) {
          send({ type: 'error', code: 'INVALID_MESSAGE' });
          return;
        }
        const message = parsed.data;
        switch (message.type) {
          case 'ping':
            send({ type: 'pong' });
            return;
          case 'unsubscribe': {
            subscriptions.get(message.topic)?.();
            subscriptions.delete(message.topic);
            send({ type: 'unsubscribed', topic: message.topic });
            return;
          }
          case 'subscribe': {
            const { topic } = message;
            if (subscriptions.has(topic)) {
              send({ type: 'subscribed', topic });
              return;
            }
            if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
              send({ type: 'error', code: 'TOO_MANY_SUBSCRIPTIONS', topic });
              return;
            }
            if (!(await refreshAuth())) return;
            // An account waiting for its deletion reaches nothing but "keep my account" (as the
            // HTTP routes: requireAuth), live updates included.
            if (sessions.refused(request) || !(await realtime.canSubscribe(request, topic))) {
              request.log.info({ topic }, 'realtime subscription refused');
              send({ type: 'error', code: 'FORBIDDEN', topic });
              return;
            }
            if (socket.readyState !== socket.OPEN) return;
            subscriptions.set(
              topic,
              realtime.subscribe(topic, (payload) => send({ type: 'event', topic, payload })),
            );
            send({ type: 'subscribed', topic });
            return;
          }
        }
      };

      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          send({ type: 'error', code: 'INVALID_MESSAGE' });
          return;
        }
        const raw = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(data as Buffer[]).toString('utf8');
        // Messages are handled one after the other so a subscribe is answered before a later unsubscribe.
        queue = queue
          .then(() => handle(raw))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'realtime message failed');
          });
      });

      socket.on('close', () => {
        if (connection) open.remove(connection);
        clearInterval(heartbeat);
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      });
    },
  );
}
