import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorResponse,
} from '@/contracts/errors';

import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors';

export type ErrorDetails = Record<string, unknown>;

/**
 * The one error type services throw. The code comes from the closed list in src/contracts;
 * the HTTP status follows from the code. `message` is English; clients translate the code.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details: ErrorDetails | null = null,
    message: string = DEFAULT_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  details: ErrorDetails | null,
): ErrorResponse {
  return { error: { code, message, details } };
}

type Issue = { path: string; message: string };

/** Joins validation issues the way the spec shows them: 'path: message, ...'. */
export function joinIssues(issues: Issue[]): string {
  return issues
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join(', ');
}

function validationIssues(error: FastifyError): Issue[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((item) => {
    const path = item.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return { path: path || context, message: item.message ?? 'Invalid value' };
  });
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large...) mapped to our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'UNKNOWN_ERROR' : 'BAD_REQUEST';
  }
}

function send(reply: FastifyReply, code: ErrorCode, message: string, details: ErrorDetails | null) {
  const retryAfter = details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(retryAfter));
  return reply
    .status(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, details));
}

export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code }, error.message);
    return send(reply, error.code, error.message, error.details);
  }

  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    const issues = validationIssues(fastifyError);
    request.log.info({ code: 'VALIDATION_ERROR', issues }, 'invalid request');
    return send(reply, 'VALIDATION_ERROR', joinIssues(issues), { issues });
  }

  if (isResponseSerializationError(fastifyError)) {
    request.log.error({ err: error }, 'response does not match its schema');
    return send(reply, 'UNKNOWN_ERROR', DEFAULT_ERROR_MESSAGES.UNKNOWN_ERROR, null);
  }

  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = codeForStatus(status);
    request.log.info({ code, fastifyCode: fastifyError.code }, fastifyError.message);
    // Fastify's messages for these are safe and useful ("Body cannot be empty when content-type
    // is set to 'application/json'"); ours are used for the codes we name.
    const message = code === 'BAD_REQUEST' ? fastifyError.message : DEFAULT_ERROR_MESSAGES[code];
    return send(reply, code, message, null);
  }
  if (status === 503)
    return send(reply, 'SERVICE_UNAVAILABLE', DEFAULT_ERROR_MESSAGES.SERVICE_UNAVAILABLE, {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });

  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return send(reply, 'DATABASE_UNAVAILABLE', DEFAULT_ERROR_MESSAGES.DATABASE_UNAVAILABLE, {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }

  // Unknown: the details go to the log only.
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 'UNKNOWN_ERROR', DEFAULT_ERROR_MESSAGES.UNKNOWN_ERROR, null);
}

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`), in our envelope:
 * a path parameter longer than the router keeps (`maxParamLength`) names nothing, so 404
 * NOT_FOUND; a URL that cannot be decoded ('%E0%A4%A') 400 BAD_REQUEST.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.log.info({ fastifyCode: error.code }, error.message);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return send(reply, 'NOT_FOUND', DEFAULT_ERROR_MESSAGES.NOT_FOUND, null);
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 'BAD_REQUEST', 'Malformed URL', null);
  return handleError(error, request, reply);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
