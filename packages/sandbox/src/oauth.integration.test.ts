import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, REDIRECT, oauthClient, pkce, tokenAnswer } from '../test/support/oauth-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const { authorizeParams, signIn, token, setBehaviour } = oauthClient(() => sandbox.url);

describe('authorization code flow with PKCE', () => {
  it('shows a sign-in page with the demo account and a way to each other one', async () => {
    const response = await fetch(`${sandbox.url}/authorize?${authorizeParams(pkce().challenge).toString()}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Sign in to Yoto (sandbox)</title>');
    expect(html).toContain('Demo Parent');
    expect(html).toContain('demo@example.com');
    expect(html).toContain('>Sign in</button>');
    expect(html).toContain('account=other');
    // The demo family's second parent, and the other family.
    expect(html).toContain('account=demo-2');
    expect(html).toContain('Use Second Demo Parent (same family)');
    expect(html).toContain('Use Other Parent (another family)');
    const second = await (
      await fetch(
        `${sandbox.url}/authorize?${authorizeParams(pkce().challenge, { account: 'demo-2' }).toString()}`,
      )
    ).text();
    expect(second).toContain('demo-2@example.com');
    expect(second).toContain('Use Demo Parent (same family)');
    expect(second).toContain('account=other');
  });

  it('signs in by submitting the page form as a browser would', async () => {
    const { verifier, challenge } = pkce();
    const page = await (
      await fetch(`${sandbox.url}/authorize?${authorizeParams(challenge).toString()}`)
    ).text();
    const fields = new URLSearchParams(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        (m): [string, string] => [
          m[1] ?? '',
          (m[2] ?? '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
        ],
      ),
    );
    expect(fields.get('account')).toBe('demo');
    const submitted = await fetch(`${sandbox.url}/authorize`, {
      method: 'POST',
      body: fields,
      redirect: 'manual',
    });
    const location = new URL(submitted.headers.get('location') ?? '');
    const exchanged = await token({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    expect(exchanged.status).toBe(200);
  });

  it('refuses an unknown client or a redirect off localhost without redirecting', async () => {
    const { challenge } = pkce();
    const extras: Record<string, string>[] = [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.example/' },
    ];
    for (const extra of extras) {
      const response = await fetch(
        `${sandbox.url}/authorize?${authorizeParams(challenge, extra).toString()}`,
        {
          redirect: 'manual',
        },
      );
      expect(response.status).toBe(400);
    }
  });

  it('sends a plain challenge method back to the app as invalid_request', async () => {
    const params = authorizeParams(pkce().challenge, { code_challenge_method: 'plain' });
    const response = await fetch(`${sandbox.url}/authorize?${params.toString()}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(response.status).toBe(302);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('exchanges the code once for tokens whose JWT verifies against the JWKS', async () => {
    const { verifier, challenge } = pkce();
    const location = await signIn(challenge);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code') ?? '';

    const response = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    const body = tokenAnswer.parse(await response.json());
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.refresh_token).not.toBe('');
    // Like a new app at the real provider: no OpenID scopes granted, so no id token.
    expect(body.id_token).toBeUndefined();

    const jwks = createRemoteJWKSet(new URL(`${sandbox.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks, {
      issuer: sandbox.url,
      audience: sandbox.url,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe('auth0|demo-parent');
    expect(payload.scope).toBe('offline_access');
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);

    const reused = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier and a different redirect_uri', async () => {
    const { challenge } = pkce();
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: (await signIn(challenge)).searchParams.get('code') ?? '',
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed',
    });

    const second = pkce();
    const wrongRedirect = await token({
      grant_type: 'authorization_code',
      code: (await signIn(second.challenge)).searchParams.get('code') ?? '',
      code_verifier: second.verifier,
      redirect_uri: 'http://localhost:9999/',
      client_id: CLIENT_ID,
    });
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers OAuth errors for unknown grants and missing fields, JSON bodies included', async () => {
    const unsupported = await token({ grant_type: 'password', client_id: CLIENT_ID });
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await fetch(`${sandbox.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('signs in the other demo account when chosen', async () => {
    await setBehaviour({ grantOpenid: true });
    const { verifier, challenge } = pkce();
    const code =
      (await signIn(challenge, 'other', 'openid profile offline_access')).searchParams.get('code') ?? '';
    const tokens = tokenAnswer.parse(
      await (
        await fetch(`${sandbox.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'authorization_code',
            code,
            code_verifier: verifier,
            redirect_uri: REDIRECT,
            client_id: CLIENT_ID,
          }),
        })
      ).json(),
    );
    const user = await fetch(`${sandbox.url}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await user.json()).toEqual({
      sub: 'auth0|other-family',
      name: 'Other Parent',
      email: 'other@example.com',
    });
    await setBehaviour({ grantOpenid: false });
  });
});
