import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

const CLIENT_ID = 'playlist-alarms-demo';
const REDIRECT = 'http://localhost:5173/';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeParams(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: 'offline_access',
    audience: sandbox.url,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    ...extra,
  });
}

/** Signs in through the form as a browser would, and returns the redirect's code. */
async function signIn(challenge: string, account = 'demo', scope = 'offline_access'): Promise<URL> {
  const response = await fetch(`${sandbox.url}/authorize`, {
    method: 'POST',
    body: authorizeParams(challenge, { account, scope }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  id_token: z.string().optional(),
  token_type: z.string(),
  expires_in: z.number(),
});

const token = (body: Record<string, string>) =>
  fetch(`${sandbox.url}/oauth/token`, { method: 'POST', body: new URLSearchParams(body) });

describe('authorization code flow with PKCE', () => {
  it('shows a sign-in page with the demo account and a way to the other one', async () => {
    const response = await fetch(`${sandbox.url}/authorize?${authorizeParams(pkce().challenge).toString()}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Sign in to Yoto (sandbox)</title>');
    expect(html).toContain('Demo Parent');
    expect(html).toContain('demo@example.com');
    expect(html).toContain('>Sign in</button>');
    expect(html).toContain('account=other');
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

describe('refresh tokens', () => {
  it('rotate: the new one works once, the old one never again', async () => {
    const first = await sandbox.issueTokens('demo');
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: CLIENT_ID,
    });
    const body = tokenAnswer.parse(await refreshed.json());
    expect(refreshed.status).toBe(200);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body.access_token).not.toBe(first.access_token);

    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });

    const next = await token({
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(next.status).toBe(200);
  });
});

async function setBehaviour(behaviour: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  expect(response.status).toBe(200);
}

describe('scopes granted as the real dashboard grants them', () => {
  afterEach(() => setBehaviour({ grantOpenid: false }));

  it('grants no OpenID scope by default: userinfo answers 401 to a token REST accepts', async () => {
    const { access_token } = await sandbox.issueTokens('demo');
    const headers = { authorization: `Bearer ${access_token}` };
    const user = await fetch(`${sandbox.url}/userinfo`, { headers });
    expect(user.status).toBe(401);
    expect(await user.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await fetch(`${sandbox.url}/content/mine`, { headers })).status).toBe(200);
    const { payload } = await jwtVerify(
      access_token,
      createRemoteJWKSet(new URL(`${sandbox.url}/.well-known/jwks.json`)),
    );
    expect(String(payload.scope).split(' ')).not.toContain('openid');
    expect(String(payload.scope).split(' ')).toContain('family:devices:control');
  });

  it('with the grantOpenid knob: openid and profile granted, an id token, and userinfo with the name', async () => {
    await setBehaviour({ grantOpenid: true });
    const { verifier, challenge } = pkce();
    const code =
      (await signIn(challenge, 'demo', 'openid profile offline_access')).searchParams.get('code') ?? '';
    const response = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    const body = tokenAnswer.parse(await response.json());
    expect(body.id_token?.split('.')).toHaveLength(3);
    const user = await fetch(`${sandbox.url}/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await user.json()).toEqual({
      sub: 'auth0|demo-parent',
      name: 'Demo Parent',
      email: 'demo@example.com',
    });
  });

  it('refuses a behaviour it does not know', async () => {
    const response = await fetch(`${sandbox.url}/_sandbox/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantEverything: true }),
    });
    expect(response.status).toBe(400);
  });
});

describe('discovery and userinfo', () => {
  it('publishes an OpenID configuration pointing at its own endpoints', async () => {
    const config: unknown = await (await fetch(`${sandbox.url}/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer: sandbox.url,
      token_endpoint: `${sandbox.url}/oauth/token`,
      jwks_uri: `${sandbox.url}/.well-known/jwks.json`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('answers userinfo only with a valid token (openid granted)', async () => {
    await setBehaviour({ grantOpenid: true });
    const { access_token } = await sandbox.issueTokens('demo');
    await setBehaviour({ grantOpenid: false });
    const ok = await fetch(`${sandbox.url}/userinfo`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await ok.json()).toEqual({
      sub: 'auth0|demo-parent',
      name: 'Demo Parent',
      email: 'demo@example.com',
    });
    const bad = await fetch(`${sandbox.url}/userinfo`, {
      headers: { authorization: `Bearer ${access_token}x` },
    });
    expect(bad.status).toBe(401);
  });
});

describe('token lifetime', () => {
  it('is configurable, and an expired token is refused', async () => {
    // JWT times are whole seconds: a 2 s lifetime leaves at least 1 s for the first call.
    const shortLived = await startSandbox({ tokenLifetimeSeconds: 2 });
    try {
      const { access_token, expires_in } = await shortLived.issueTokens('demo');
      expect(expires_in).toBe(2);
      const headers = { authorization: `Bearer ${access_token}` };
      expect((await fetch(`${shortLived.url}/content/mine`, { headers })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const expired = await fetch(`${shortLived.url}/content/mine`, { headers });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ error: { code: 'unauthorized' } });
    } finally {
      await shortLived.close();
    }
  });

  it('the token-lifetime knob sets the lifetime of tokens issued from then on, and a reset restores it', async () => {
    const lifetimeKnob = (body?: unknown) =>
      fetch(`${sandbox.url}/_sandbox/token-lifetime`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
    const seconds = z.object({ seconds: z.number() });
    const expiresIn = async (issued: Promise<{ access_token: string; expires_in: number }>) => {
      const { access_token, expires_in } = await issued;
      const { exp, iat } = z
        .object({ exp: z.number(), iat: z.number() })
        .parse(JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString('utf8')));
      expect(exp - iat).toBe(expires_in);
      return expires_in;
    };
    try {
      expect((await lifetimeKnob({ seconds: 2 })).status).toBe(400); // too short to renew a session
      expect(seconds.parse(await (await lifetimeKnob({ seconds: 20 })).json())).toEqual({ seconds: 20 });
      expect(seconds.parse(await (await lifetimeKnob()).json())).toEqual({ seconds: 20 });
      expect(await expiresIn(sandbox.issueTokens('demo'))).toBe(20);
      // Refreshed tokens too: an app that renews keeps getting short-lived ones.
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: (await sandbox.issueTokens('demo')).refresh_token,
        client_id: CLIENT_ID,
      });
      expect(await expiresIn(refreshed.json().then((body) => tokenAnswer.parse(body)))).toBe(20);

      await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
      expect(await expiresIn(sandbox.issueTokens('demo'))).toBe(3600);
      await lifetimeKnob({ seconds: 30 });
      expect(seconds.parse(await (await lifetimeKnob({ seconds: null })).json())).toEqual({ seconds: 3600 });
    } finally {
      await lifetimeKnob({ seconds: null });
    }
  });

  it('a token of another sandbox (another key) is refused', async () => {
    const elsewhere = await startSandbox();
    try {
      const { access_token } = await elsewhere.issueTokens('demo');
      const response = await fetch(`${sandbox.url}/content/mine`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(response.status).toBe(401);
    } finally {
      await elsewhere.close();
    }
  });
});
