// Bearer authentication and the fault knobs for the provider's REST API and /userinfo.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from './accounts';
import type { SandboxContext } from './context';
import { setTimeout as sleep } from 'node:timers/promises';
import { faultApplies } from './faults';
import type { Faults } from './faults';

type ErrorCode =
  | 'internal'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'bad-request'
  | 'insufficient-scope'
  | 'too-many-requests';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  return reply.code(status).send({ error: { code, message } });
}

const DOWN_PAGE =
  '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503</h1></body></html>';

type UserHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  scope: string[],
) => unknown;

/** Answers with the faults that are on (after their delay); null when none answers for it. */
export async function answerFault(faults: Faults, reply: FastifyReply): Promise<FastifyReply | null> {
  if (faults.restDelayMs > 0) await sleep(faults.restDelayMs);
  if (faults.restDown) return reply.code(503).header('content-type', 'text/html').send(DOWN_PAGE);
  if (faults.restRateLimited !== null) {
    reply.header('retry-after', String(faults.restRateLimited));
    return sendError(reply, 429, 'too-many-requests', 'Too many requests');
  }
  if (faults.restError) return sendError(reply, 500, 'internal', 'Internal server error');
  if (faults.malformed)
    return reply.code(200).header('content-type', 'application/json').send('{"cards":[{"cardId":');
  return null;
}

/** Wraps a handler so it runs only for a valid bearer token (and only when no fault is on). */
export function withUser(ctx: SandboxContext, handler: UserHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (faultApplies(ctx.faults, request.url.split('?')[0] ?? '')) {
      const faulted = await answerFault(ctx.faults, reply);
      if (faulted !== null) return faulted;
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return sendError(reply, 401, 'unauthorized', 'A bearer token is required');
    const verified = await ctx.tokens.verifyAccessToken(match[1]);
    if (!verified) return sendError(reply, 401, 'unauthorized', 'The access token is invalid or expired');
    return handler(request, reply, verified.account, verified.scope);
  };
}
