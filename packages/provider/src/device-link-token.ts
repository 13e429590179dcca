import * as z from 'zod/mini';
import { jwtPayload } from './access-token';

// When the device link must renew its session: the broker ends a session when its access token
// (the MQTT password, a JWT) expires (docs/provider-contract.md, MQTT), so the link reads the token's
// `exp` and logs in again with a fresh token shortly before.

// zod/mini: this runs in the browser, where the full build would cost the logged-in download ~5 kB.
const claimsSchema = z.object({ exp: z.optional(z.number()), iat: z.optional(z.number()) });

export interface TokenTimes {
  /** ms since the epoch. */
  expiresAt: number;
  /** ms since the epoch; null when the token does not say. */
  issuedAt: number | null;
}

/** A JWT's `exp` and `iat`, unverified (the broker verifies); null for anything else. */
export function tokenTimes(token: string): TokenTimes | null {
  const claims = claimsSchema.safeParse(jwtPayload(token));
  if (!claims.success || claims.data.exp === undefined) return null;
  return {
    expiresAt: claims.data.exp * 1000,
    issuedAt: claims.data.iat === undefined ? null : claims.data.iat * 1000,
  };
}

/** Never less: a renewal needs a moment to log in and subscribe. */
const MIN_MARGIN_MS = 1_000;
/**
 * Never more: the auth client hands out a new token only within 60 s of the old one's expiry, so
 * a renewal earlier than that would get the same token back.
 */
const MAX_MARGIN_MS = 30_000;

/** How long before expiry to renew: a quarter of the lifetime, within 1–30 s (test tokens live seconds). */
export const renewalMarginMs = (lifetimeMs: number): number =>
  Math.min(MAX_MARGIN_MS, Math.max(MIN_MARGIN_MS, lifetimeMs / 4));

/** Between tries while the token source still returns the old token. */
export const renewalRetryMs = (marginMs: number): number => Math.max(200, Math.min(5_000, marginMs / 5));

/** A session that ends this close to its token's expiry ended because of it (clocks differ a little). */
export const EXPIRY_SKEW_MS = 2_000;
