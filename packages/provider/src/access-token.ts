import * as z from 'zod/mini';

// The user's id from the access token itself: the provider's tokens are JWTs whose `sub` is the
// user id (docs/provider-contract.md, OAuth). Read, not verified: the browser only needs to know who it
// greets, and the server verifies every token it is given against the issuer's keys.

const payloadSchema = z.looseObject({ sub: z.string().check(z.minLength(1)) });

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A JWT's payload as JSON, unverified; null when the token is not a JWT. */
export function jwtPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const text = decodeBase64Url(parts[1]);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The token's `sub`, or null when it is not a JWT or carries none. */
export function accessTokenSubject(token: string): string | null {
  const parsed = payloadSchema.safeParse(jwtPayload(token));
  return parsed.success ? parsed.data.sub : null;
}
