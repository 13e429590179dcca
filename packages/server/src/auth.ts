import type { FastifyRequest } from 'fastify';
import { createRemoteJWKSet, customFetch, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { ProviderConfig } from './config';
import { HttpError } from './errors';

/** Who is calling: the verified token's subject, and the token itself for pass-through. */
export interface Caller {
  sub: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every protected route (sessions/credentials.ts: bearer token or session cookie); null elsewhere. */
    caller: Caller | null;
  }
}

export type TokenVerifier = (token: string) => Promise<Caller>;

export function jwksUrl(provider: ProviderConfig): URL {
  return new URL(`${provider.authIssuer}/.well-known/jwks.json`);
}

const claimsSchema = z.object({ sub: z.string().min(1) });

/**
 * Leeway on `exp`, `nbf` and `iat`: the provider's clock and ours differ a little, and `exp` is in
 * whole seconds, so a token fresh from the token endpoint can read as expired without it.
 */
const CLOCK_TOLERANCE_S = 5;

// Failures of the provider itself (keys unreachable or unreadable), as opposed to a bad token.
function isKeySetUnavailable(error: unknown): boolean {
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof TypeError || // fetch could not connect
    (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')
  );
}

/**
 * Verifies provider access tokens against the issuer's published keys (fetched once, cached,
 * refetched when an unknown key id shows up), checking signature, expiry, issuer and audience.
 */
export function createTokenVerifier(provider: ProviderConfig, fetchImpl: typeof fetch): TokenVerifier {
  const keys = createRemoteJWKSet(jwksUrl(provider), {
    timeoutDuration: 5_000,
    [customFetch]: fetchImpl,
  });
  // Auth0-style issuers put a trailing slash in `iss`; accept the configured form and that one.
  const issuer = [provider.authIssuer, `${provider.authIssuer}/`];
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: provider.audience,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new HttpError(401, 'Invalid access token: no subject');
      return { sub: claims.data.sub, token };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (isKeySetUnavailable(error)) {
        throw new HttpError(503, 'Cannot verify the access token: the provider is unavailable');
      }
      throw new HttpError(401, 'Invalid or expired access token');
    }
  };
}

/** The bearer token of the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The verified caller of a protected route (a route outside the auth scope gets a 401). */
export function requireCaller(request: FastifyRequest): Caller {
  if (request.caller === null) throw new HttpError(401, 'Missing bearer token');
  return request.caller;
}

/**
 * The caller's provider user id. A `yoto_user_id` sent in a query or body is only a claim: when
 * present it must be the caller's own, else 403.
 */
export function callerUserId(request: FastifyRequest, claimed: string | undefined): string {
  const { sub } = requireCaller(request);
  if (claimed !== undefined && claimed !== sub) {
    throw new HttpError(403, 'yoto_user_id is not the signed-in user');
  }
  return sub;
}
