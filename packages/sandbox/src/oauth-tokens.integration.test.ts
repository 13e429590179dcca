// Tokens once issued: refresh rotation, the scopes granted, discovery and userinfo, and lifetimes.
// The sign-in flow that issues them is in oauth.integration.test.ts.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_ID, REDIRECT, oauthClient, pkce, tokenAnswer } from '../test/support/oauth-client';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const { signIn, token, setBehaviour } = oauthClient(() => sandbox.url);

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
