import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { LogLevel } from '../config';
import { loggableError } from './database-errors';

/**
 * A request URL fit for the log: its path and the names of its query parameters, never their
 * values (a search, an email address or a token are the user's, not the log's):
 * `/api/v1/admin/users?search&page`. A name that repeats is written once.
 */
export function redactRequestUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = new Set(new URLSearchParams(url.slice(queryStart + 1)).keys());
  const path = url.slice(0, queryStart);
  if (names.size === 0) return path;
  return `${path}?${[...names].map((name) => encodeURIComponent(name)).join('&')}`;
}

/** Paths pino censors wherever an object is logged (headers, bodies, errors' details). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.code',
  '*.otp',
  '*.secret',
  '*.cookieSecret',
  '*.inviteCode',
];

export type LogDestination = { write(line: string): void };

/**
 * Fastify's logger options: JSON lines, a request id on every line logged during a request,
 * credentials censored, query values left out of URLs.
 */
export function loggerOptions(
  level: LogLevel,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Errors keep their code (ECONNREFUSED, 23505...) as errorCode, out of reach of the '*.code'
      // redaction. Query errors lose the values they carry (loggableError).
      err(error: Error) {
        const { code, ...rest } = stdSerializers.err(loggableError(error) as Error) as ReturnType<
          typeof stdSerializers.err
        > & { code?: unknown };
        return code === undefined ? rest : { ...rest, errorCode: code };
      },
      req(request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: redactRequestUrl(request.url),
          hostname: request.hostname,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** Request ids are random; an incoming X-Request-Id is not trusted (it would let clients forge log lines). */
export function generateRequestId(_request: IncomingMessage): string {
  return randomUUID();
}
