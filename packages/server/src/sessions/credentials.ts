import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type Caller, type TokenVerifier } from '../auth';
import { HttpError } from '../errors';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { originMatches, readCookie, SESSION_COOKIE } from './session-cookies';
import { TokenRefreshUnavailableError, type SessionStore } from './session-store';

// Every route needs a credential unless this list names it: protected by default, so a new route is
// never public by accident.
// HEAD follows its GET. A route added without thought is therefore closed, not open.
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/docs',
  'GET /auth/login',
  'GET /auth/callback',
  // Ending a session needs none (it ends only the cookie's own); its Origin is still checked.
  'POST /auth/logout',
  // The external scheduler's pass and its status: no user data; CRON_SECRET guards them when set.
  'GET /api/cron/check',
  'GET /api/cron/status',
  // The built web app (@fastify/static's routes).
  'GET /',
  'GET /*',
]);

// Protected, but by the session cookie alone: their handlers check it (a bearer token has no session).
const COOKIE_ONLY_ROUTES: ReadonlySet<string> = new Set(['GET /api/session', 'DELETE /api/session']);

export const SESSION_EXPIRED = 'Session expired. Please login again.';
export const MISSING_CREDENTIAL = 'Missing bearer token';
/** GET /api/session without a session cookie: the page is simply logged out (not an expiry). */
export const NOT_SIGNED_IN = 'Not signed in';
export const FOREIGN_ORIGIN = 'Cross-origin request refused';
/** The session's token has expired and the provider cannot renew it yet: the session stays. */
export const PROVIDER_RETRYING = MESSAGES.providerRetrying;

/** 503 with Retry-After for /api calls; GET /api/session answers it as `retrying` instead. */
export class ProviderRetryingError extends HttpError {
  constructor(
    readonly userId: string,
    readonly retryAt: Date,
  ) {
    super(503, PROVIDER_RETRYING);
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isPublicRoute(method: string, url: string): boolean {
  const asGet = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ROUTES.has(`${asGet} ${url}`);
}

interface CredentialOptions {
  verify: TokenVerifier;
  sessions: SessionStore;
  publicUrl: string | null;
}

/** The session behind the request's cookie: its user and current access token; null without a cookie. */
export async function sessionCaller(
  request: FastifyRequest,
  options: Omit<CredentialOptions, 'verify'>,
): Promise<(Caller & { expiresAt: Date }) | null> {
  const rawId = readCookie(request, SESSION_COOKIE);
  if (rawId === null) return null;
  // A cookie rides on cross-site requests too: an unsafe one must come from the app's own page.
  if (UNSAFE.has(request.method) && !originMatches(request, options.publicUrl)) {
    throw new HttpError(403, FOREIGN_ORIGIN);
  }
  const session = await options.sessions.findSession(rawId);
  if (session === null) throw new HttpError(401, SESSION_EXPIRED);
  let token;
  try {
    token = await options.sessions.currentAccessToken(session.userId);
  } catch (error) {
    if (error instanceof TokenRefreshUnavailableError) {
      throw new ProviderRetryingError(session.userId, error.retryAt);
    }
    throw error;
  }
  if (token === null) throw new HttpError(401, SESSION_EXPIRED);
  return { sub: session.userId, token: token.accessToken, expiresAt: token.expiresAt };
}

/**
 * One hook on the root app: a bearer token (scripts, tests) or the session cookie (the web app)
 * becomes `request.caller`; without either a protected route answers 401. Unmatched paths (the
 * not-found handler) have no route and pass through to their 404.
 */
export function registerCredentialCheck(app: FastifyInstance, options: CredentialOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url === undefined || isPublicRoute(request.method, url)) return;
    if (COOKIE_ONLY_ROUTES.has(`${request.method === 'HEAD' ? 'GET' : request.method} ${url}`)) return;
    const bearer = bearerToken(request);
    if (bearer !== null) {
      request.caller = await options.verify(bearer);
      return;
    }
    const caller = await sessionCaller(request, options).catch((error: unknown) => {
      if (error instanceof ProviderRetryingError) {
        const seconds = Math.ceil((error.retryAt.getTime() - Date.now()) / 1000);
        reply.header('retry-after', String(Math.max(1, seconds)));
      }
      throw error;
    });
    if (caller === null) throw new HttpError(401, MISSING_CREDENTIAL);
    request.caller = { sub: caller.sub, token: caller.token };
  });
}
