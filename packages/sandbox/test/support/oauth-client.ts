// Test support: the app's side of the sandbox's OAuth endpoints, as a browser and a server would
// drive them (PKCE, the sign-in form, the token endpoint, the behaviour knob). Shared by the OAuth
// integration tests, each of which starts its own sandbox.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';

export const CLIENT_ID = 'playlist-alarms-demo';
export const REDIRECT = 'http://localhost:5173/';

export const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  id_token: z.string().optional(),
  token_type: z.string(),
  expires_in: z.number(),
});

/** A PKCE pair: the verifier kept by the app, and its S256 challenge sent to /authorize. */
export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Calls against the sandbox at `url()`: a function, as the sandbox starts in a `beforeAll`. */
export function oauthClient(url: () => string) {
  const authorizeParams = (challenge: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'offline_access',
      audience: url(),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-123',
      ...extra,
    });

  return {
    authorizeParams,
    /** Signs in through the form as a browser would, and returns the redirect (with its code). */
    async signIn(challenge: string, account = 'demo', scope = 'offline_access'): Promise<URL> {
      const response = await fetch(`${url()}/authorize`, {
        method: 'POST',
        body: authorizeParams(challenge, { account, scope }),
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      return new URL(response.headers.get('location') ?? '');
    },
    token: (body: Record<string, string>) =>
      fetch(`${url()}/oauth/token`, { method: 'POST', body: new URLSearchParams(body) }),
    async setBehaviour(behaviour: Record<string, unknown>): Promise<void> {
      const response = await fetch(`${url()}/_sandbox/behaviour`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(behaviour),
      });
      expect(response.status).toBe(200);
    },
  };
}
