import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from './db/unavailable';

export const DATABASE_UNAVAILABLE = 'Database unavailable: try again in a moment';

/** An error that carries the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function describeZodError(error: z.core.$ZodError): string {
  const parts = error.issues.map((issue) => {
    const where = issue.path.map(String).join('.');
    return where === '' ? issue.message : `${where}: ${issue.message}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}

/** Fastify's router allows path parameters up to this length (its maxParamLength default). */
const MAX_PATH_PARAM_LENGTH = 100;

/**
 * Fastify's `frameworkErrors`: the router refuses some URLs before any route, hook or error handler
 * runs (a malformed percent-encoding, a path parameter over its length limit) and would answer
 * `{ error, code, message, statusCode }` with the whole URL echoed; answered here as `{ error }`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  let message = 'Internal server error';
  if (error.code === 'FST_ERR_BAD_URL') message = 'Invalid request: the URL has a malformed percent-encoding';
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    message = `Invalid request: a path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters`;
  } else if (status < 500) message = error.message;
  else request.log.error({ err: error }, 'Router failed');
  void reply.code(status).send({ error: message });
}

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  return typeof error.statusCode === 'number' ? error.statusCode : null;
}

/**
 * Every error answer is `{ error }`. Bad input (zod, Fastify's own parsing: bad JSON, wrong
 * content type, too large) keeps its 4xx; only real faults become a logged 500 whose details
 * stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // core's and provider's schemas are zod/mini, whose errors are not z.ZodError: match both.
    if (error instanceof z.core.$ZodError) {
      return reply.code(400).send({ error: describeZodError(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE });
    }
    const status = statusOf(error);
    if (status !== null && status >= 400 && status < 600 && status !== 500) {
      const message = error instanceof Error ? error.message : 'Request failed';
      if (status >= 500) request.log.warn({ err: error }, message);
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}
