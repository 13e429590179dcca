import crypto from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  failureOfProviderError,
  safeErrorCode,
  ungrantedScopesIn,
  type SignInFailure,
} from '@playlist-alarms/core/texts/sign-in-failure';
import { authorizeUrl } from '@playlist-alarms/provider/authorize-url';
import { AuthError, authorizationCodeGrant } from '@playlist-alarms/provider/auth-token-grant';
import { createPkcePair, randomState } from '@playlist-alarms/provider/pkce';
import type { TokenVerifier } from '../auth';
import type { ProviderConfig } from '../config';
import { HttpError } from '../errors';
import {
  FOREIGN_ORIGIN,
  MISSING_CREDENTIAL,
  NOT_SIGNED_IN,
  PROVIDER_RETRYING,
  ProviderRetryingError,
  SESSION_EXPIRED,
  sessionCaller,
} from './credentials';
import {
  appOrigin,
  clearCookie,
  isSecure,
  LOGIN_COOKIE,
  LOGIN_COOKIE_PATH,
  LOGIN_LIFETIME_SECONDS,
  originMatches,
  readCookie,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  setCookie,
} from './session-cookies';
import { sessionAnswerSchema, type SessionAnswer } from './session-schemas';
import { SESSION_LIFETIME_MS, type SessionStore } from './session-store';
import { signInProfile } from './sign-in-profile';
import type { TokenCipher } from './token-cipher';

// The server's side of the sign-in (OAuth authorization code + PKCE, run by the server):
// /auth/login → provider → /auth/callback → session cookie → /api/session; /auth/logout ends it.
// The verifier never leaves the server unencrypted, and the browser never sees a refresh token.

interface SessionRoutesOptions {
  provider: ProviderConfig;
  cipher: TokenCipher;
  sessions: SessionStore;
  verify: TokenVerifier;
  publicUrl: string | null;
  fetch: typeof fetch;
  now: () => Date;
}

const loginStateSchema = z.object({
  state: z.string().min(1),
  verifier: z.string().min(1),
  redirectUri: z.string().min(1),
  startedAt: z.number(),
});

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** What the page needs to explain a failed sign-in, carried in the address back to it. */
interface FailureDetails {
  scopes?: string[];
  code?: string | null;
}

/** Why the code exchange or the token check failed, in the page's terms. */
function exchangeFailure(error: unknown): SignInFailure {
  if (error instanceof HttpError) return 'token-rejected';
  if (!(error instanceof AuthError)) return 'other';
  if (error.code === 'invalid-grant') return 'code-refused';
  if (error.code === 'network-error' || error.code === 'provider-unavailable') return 'unreachable';
  const badClient = error.oauthError === 'invalid_client' || error.status === 401;
  return error.code === 'token-request-failed' && badClient ? 'client-auth' : 'other';
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};

function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  clearCookie(reply, SESSION_COOKIE, '/', secure);
  setCookie(reply, SESSION_HINT_COOKIE, '', { path: '/', maxAgeSeconds: 0, secure, httpOnly: false });
}

export const sessionRoutes: FastifyPluginCallback<SessionRoutesOptions> = (app, options, done) => {
  const { cipher, sessions, publicUrl, now } = options;

  // The sign-in tier: a tighter per-address limit (rate-limits.ts) on what starts or ends a sign-in.
  app.get('/auth/login', { config: { rateLimitTier: 'sign-in' } }, async (request, reply) => {
    const pkce = await createPkcePair();
    const state = randomState();
    const redirectUri = `${appOrigin(request, publicUrl)}/auth/callback`;
    const pending = JSON.stringify({
      state,
      verifier: pkce.verifier,
      redirectUri,
      startedAt: now().getTime(),
    });
    setCookie(reply, LOGIN_COOKIE, cipher.encrypt(pending, 'login-state'), {
      path: LOGIN_COOKIE_PATH,
      maxAgeSeconds: LOGIN_LIFETIME_SECONDS,
      secure: isSecure(request, publicUrl),
    });
    const target = authorizeUrl({ ...options.provider, redirectUri }, pkce.challenge, state);
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  app.get('/auth/callback', { config: { rateLimitTier: 'sign-in' } }, async (request, reply) => {
    const secure = isSecure(request, publicUrl);
    // The login cookie is single use, whatever the outcome.
    clearCookie(reply, LOGIN_COOKIE, LOGIN_COOKIE_PATH, secure);
    reply.header('cache-control', 'no-store');
    const fail = (reason: SignInFailure, details: FailureDetails = {}) => {
      const query = new URLSearchParams({ login_error: reason });
      if (details.scopes !== undefined && details.scopes.length > 0)
        query.set('login_scopes', details.scopes.join(' '));
      if (details.code) query.set('login_code', details.code);
      return reply.redirect(`/?${query.toString()}`, 302);
    };

    const query = callbackQuerySchema.safeParse(request.query);
    const sealed = readCookie(request, LOGIN_COOKIE);
    const opened = sealed === null ? null : cipher.decrypt(sealed, 'login-state');
    const pending = opened === null ? null : loginStateSchema.safeParse(JSON.parse(opened)).data;
    if (pending === undefined || pending === null) return fail('expired');
    if (now().getTime() - pending.startedAt > LOGIN_LIFETIME_SECONDS * 1000) return fail('expired');
    if (!query.success || query.data.state === undefined || !sameText(query.data.state, pending.state)) {
      return fail('state-mismatch');
    }
    if (query.data.error !== undefined) {
      const { error, error_description: description } = query.data;
      // The provider's own words for the operator: they name the cause (a scope, the redirect URI).
      request.log.warn({ error, error_description: description ?? null }, 'Sign-in refused by the provider');
      return fail(failureOfProviderError(error, description), {
        scopes: ungrantedScopesIn(description),
        code: safeErrorCode(error),
      });
    }
    if (query.data.code === undefined) return fail('other');

    try {
      const tokens = await authorizationCodeGrant({
        endpoints: options.provider,
        code: query.data.code,
        codeVerifier: pending.verifier,
        redirectUri: pending.redirectUri,
        fetch: options.fetch,
        now: () => now().getTime(),
      });
      // The access token is checked like any bearer token: signature, issuer, audience, subject.
      const { sub } = await options.verify(tokens.accessToken);
      const profile = await signInProfile({
        tokens,
        apiBase: options.provider.apiBase,
        fetch: options.fetch,
      });
      const rawId = await sessions.startSession({ sub, ...profile, tokens });
      const lifetime = { path: '/', maxAgeSeconds: Math.floor(SESSION_LIFETIME_MS / 1000), secure };
      setCookie(reply, SESSION_COOKIE, rawId, lifetime);
      setCookie(reply, SESSION_HINT_COOKIE, '1', { ...lifetime, httpOnly: false });
      return reply.redirect('/', 302);
    } catch (error) {
      // The grant's and the verifier's messages name no token or code, and the grant masks the secret.
      const reason = exchangeFailure(error);
      const details =
        error instanceof AuthError
          ? {
              grantError: error.code,
              status: error.status,
              oauthError: error.oauthError,
              message: error.message,
            }
          : { message: error instanceof HttpError ? error.message : 'error' };
      request.log.warn({ reason, ...details }, 'Sign-in callback failed');
      return fail(reason, { code: error instanceof AuthError ? safeErrorCode(error.oauthError) : null });
    }
  });

  /** Ends the cookie's session (row deleted, cookie cleared); an unsafe request from another origin is 403. */
  async function endSession(request: FastifyRequest, reply: FastifyReply, cookieRequired: boolean) {
    const rawId = readCookie(request, SESSION_COOKIE);
    if (rawId === null && cookieRequired) throw new HttpError(401, MISSING_CREDENTIAL);
    if (rawId !== null) {
      if (!originMatches(request, publicUrl)) throw new HttpError(403, FOREIGN_ORIGIN);
      // The API's form is a protected route: a replayed cookie of an ended session is refused
      // there, while /auth/logout stays idempotent for the page's button.
      if (cookieRequired && (await sessions.findSession(rawId)) === null) {
        clearSessionCookies(reply, isSecure(request, publicUrl));
        throw new HttpError(401, SESSION_EXPIRED);
      }
      await sessions.endSession(rawId);
    }
    clearSessionCookies(reply, isSecure(request, publicUrl));
    return reply.code(204).send();
  }

  app.post('/auth/logout', (request, reply) => endSession(request, reply, false));
  app.delete('/api/session', (request, reply) => endSession(request, reply, true));

  app.get('/api/session', async (request, reply): Promise<SessionAnswer> => {
    reply.header('cache-control', 'no-store');
    // No session (none, or one the provider refused): the page's hint goes too.
    const session = await sessionCaller(request, { sessions, publicUrl }).catch((error: unknown) => {
      if (error instanceof ProviderRetryingError) return error;
      if (error instanceof HttpError && error.statusCode === 401)
        clearSessionCookies(reply, isSecure(request, publicUrl));
      throw error;
    });
    if (session === null) {
      clearSessionCookies(reply, isSecure(request, publicUrl));
      throw new HttpError(401, NOT_SIGNED_IN);
    }
    const userId = session instanceof ProviderRetryingError ? session.userId : session.sub;
    const profile = await sessions.profile(userId);
    const user = { id: userId, name: profile?.name ?? null, email: profile?.email ?? null };
    // The provider cannot renew an expired token just now: still signed in, with nothing to use yet.
    if (session instanceof ProviderRetryingError) {
      return sessionAnswerSchema.parse({
        user,
        accessToken: null,
        expiresAt: null,
        retrying: { message: PROVIDER_RETRYING, retryAt: session.retryAt.toISOString() },
      });
    }
    return sessionAnswerSchema.parse({
      user,
      accessToken: session.token,
      expiresAt: session.expiresAt.toISOString(),
      retrying: null,
    });
  });
  done();
};
