import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { TokenSet } from '@playlist-alarms/provider/auth-types';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';

// Who signed in, in words: resolved once at sign-in, on the server, from what the granted scopes
// allow, and served to the page by GET /api/session. The page never asks the login host (its
// /userinfo answers only with OpenID scopes, which the default request leaves out).
//   - `openid profile` granted: the ID token from the token endpoint carries the name and email;
//   - `family:view` granted: GET /user/family carries the member record (an email, a name if set);
//   - neither: no name, and the page greets without one.

const idClaimsSchema = z.object({
  name: z.string().min(1).optional().catch(undefined),
  email: z.string().min(1).optional().catch(undefined),
});

interface SignInProfile {
  name: string | null;
  email: string | null;
}

/** The scopes the provider granted: the token answer's `scope`, else the access token's claim. */
function grantedScopes(tokens: TokenSet): string[] {
  const claim = z.object({ scope: z.string() }).safeParse(safeDecode(tokens.accessToken)).data?.scope;
  return (tokens.scope ?? claim ?? '').split(/\s+/).filter((scope) => scope !== '');
}

const safeDecode = (token: string): unknown => {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
};

export async function signInProfile(options: {
  tokens: TokenSet;
  apiBase: string;
  fetch: typeof fetch;
}): Promise<SignInProfile> {
  const { tokens } = options;
  // Straight from the token endpoint: its claims only name the user, they grant nothing.
  const claims = tokens.idToken === null ? {} : idClaimsSchema.parse(safeDecode(tokens.idToken) ?? {});
  const fromIdToken = { name: claims.name ?? null, email: claims.email ?? null };
  if (fromIdToken.name !== null || !grantedScopes(tokens).includes('family:view')) return fromIdToken;
  const provider = new ProviderClient({
    apiBase: options.apiBase,
    getAccessToken: () => Promise.resolve(tokens.accessToken),
    fetch: options.fetch,
  });
  // A name is a courtesy: the provider failing here must not fail the sign-in.
  const member = await provider.getUser().catch(() => null);
  return { name: member?.name ?? null, email: fromIdToken.email ?? member?.email ?? null };
}
