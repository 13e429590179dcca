import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pkce } from '../test/support/oauth-client';
import { APP_SCOPES } from './client-registration';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

// The demo client as the provider's dashboard registers it: granted scopes (asking for another
// refuses the whole sign-in with access_denied), a confidential client's secret (a token request
// without it is invalid_client), and the REST faults reaching the token endpoint when named.

const CLIENT_ID = 'playlist-alarms-demo';
const REDIRECT = 'http://localhost:5173/callback';
const SECRET = 'sandbox-secret-for-tests';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => knob('reset', {}));

async function knob(path: string, body: unknown, on = sandbox): Promise<Response> {
  const response = await fetch(`${on.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response;
}

const authorizeParams = (challenge: string, scope: string) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    scope,
    audience: 'https://api.example',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
  });

/** The authorize step, as the sign-in page's form posts it; the redirect back to the app. */
async function authorize(scope: string, on = sandbox, method: 'GET' | 'POST' = 'POST'): Promise<URL> {
  const params = authorizeParams(pkce().challenge, scope);
  const response =
    method === 'GET'
      ? await fetch(`${on.url}/authorize?${params.toString()}`, { redirect: 'manual' })
      : await fetch(`${on.url}/authorize`, { method: 'POST', body: params, redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

/** A sign-in through to its code, with the verifier to exchange it. */
async function codeFor(scope: string, on = sandbox): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const response = await fetch(`${on.url}/authorize`, {
    method: 'POST',
    body: authorizeParams(challenge, scope),
    redirect: 'manual',
  });
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code');
  if (code === null) throw new Error('no code');
  return { code, verifier };
}

const token = (body: Record<string, string>, on = sandbox, headers: Record<string, string> = {}) =>
  fetch(`${on.url}/oauth/token`, { method: 'POST', body: new URLSearchParams(body), headers });

const tokenAnswer = z.object({ access_token: z.string(), refresh_token: z.string(), scope: z.string() });

describe('granted scopes', () => {
  it('grants what the app uses by default, and a request for exactly that signs in', async () => {
    const { code, verifier } = await codeFor(APP_SCOPES);
    const response = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    expect(response.status).toBe(200);
    const body = tokenAnswer.parse(await response.json());
    expect(body.scope).toBe(APP_SCOPES);
    expect(decodeJwt(body.access_token).scope).toBe(APP_SCOPES);
  });

  it('refuses the whole sign-in when one asked scope is not granted, back at the app with the cause', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const back = await authorize(`openid profile ${APP_SCOPES}`, sandbox, method);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('error_description')).toBe(
        'Client has not been granted scopes: openid, profile',
      );
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('follows the registration knob, and a reset restores the default grant', async () => {
    const narrowed = await knob('client', { grantedScopes: 'offline_access user:content:view' });
    expect(await narrowed.json()).toEqual({
      grantedScopes: 'offline_access user:content:view',
      confidential: false,
    });
    const refused = await authorize(APP_SCOPES);
    expect(refused.searchParams.get('error_description')).toBe(
      'Client has not been granted scopes: family:library:view, family:devices:view, family:devices:manage, family:devices:control',
    );
    expect((await authorize('offline_access user:content:view')).searchParams.has('code')).toBe(true);

    await knob('client', { grantedScopes: `${APP_SCOPES} family:view` });
    expect((await authorize(`${APP_SCOPES} family:view`)).searchParams.has('code')).toBe(true);

    await knob('reset', {});
    expect((await authorize(`${APP_SCOPES} family:view`)).searchParams.get('error')).toBe('access_denied');
    expect((await knob('client', { grantedScopes: 'everything' })).status).toBe(400);
  });

  it('issues a refresh token only with offline_access, as the provider does', async () => {
    const { code, verifier } = await codeFor('user:content:view family:devices:view');
    const response = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    });
    const body = z.record(z.string(), z.unknown()).parse(await response.json());
    expect(body.scope).toBe('user:content:view family:devices:view');
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('takes its grant from the start options (SANDBOX_GRANTED_SCOPES)', async () => {
    const narrow = await startSandbox({ grantedScopes: ['user:content:view'] });
    try {
      expect((await authorize('offline_access user:content:view', narrow)).searchParams.get('error')).toBe(
        'access_denied',
      );
      expect((await authorize('user:content:view', narrow)).searchParams.has('code')).toBe(true);
      // Tokens without the sign-in page carry the grant as well.
      expect(decodeJwt((await narrow.issueTokens('demo')).access_token).scope).toBe('user:content:view');
    } finally {
      await narrow.close();
    }
  });
});

describe('a confidential client', () => {
  let confidential: RunningSandbox;
  beforeAll(async () => {
    confidential = await startSandbox({ clientSecret: SECRET });
  });
  afterAll(() => confidential.close());

  const exchange = async (extra: Record<string, string>, headers: Record<string, string> = {}) => {
    const { code, verifier } = await codeFor(APP_SCOPES, confidential);
    const body = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT };
    return token({ ...body, ...extra }, confidential, headers);
  };

  it('refuses a code exchange without the secret or with a wrong one: invalid_client', async () => {
    const attempts: Array<Record<string, string>> = [
      { client_id: CLIENT_ID },
      { client_id: CLIENT_ID, client_secret: 'wrong-secret' },
    ];
    for (const extra of attempts) {
      const response = await exchange(extra);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    }
  });

  it('exchanges the code with the secret in the body or in HTTP Basic', async () => {
    const posted = await exchange({ client_id: CLIENT_ID, client_secret: SECRET });
    expect(posted.status).toBe(200);
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`;
    const viaBasic = await exchange({}, { authorization: basic });
    expect(viaBasic.status).toBe(200);
  });

  it('needs the secret on every refresh too, and a refused one does not spend the refresh token', async () => {
    const { refresh_token } = await confidential.issueTokens('demo');
    const without = await token(
      { grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID },
      confidential,
    );
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ error: 'invalid_client' });
    const withSecret = await token(
      { grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID, client_secret: SECRET },
      confidential,
    );
    expect(withSecret.status).toBe(200);
  });

  it('says so in its discovery document, and the knob makes the shared sandbox confidential until a reset', async () => {
    const discovery = z
      .object({ token_endpoint_auth_methods_supported: z.array(z.string()) })
      .parse(await (await fetch(`${confidential.url}/.well-known/openid-configuration`)).json());
    expect(discovery.token_endpoint_auth_methods_supported).toContain('client_secret_post');

    expect(await (await knob('client', { clientSecret: SECRET })).json()).toMatchObject({
      confidential: true,
    });
    const { refresh_token } = await sandbox.issueTokens('demo');
    const refused = await token({ grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID });
    expect(refused.status).toBe(401);
    await knob('reset', {});
    const publicAgain = await token({ grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID });
    expect(publicAgain.status).toBe(200);
  });
});

describe('REST faults at the token endpoint', () => {
  const refresh = async () =>
    token({
      grant_type: 'refresh_token',
      refresh_token: (await sandbox.issueTokens('demo')).refresh_token,
      client_id: CLIENT_ID,
    });

  it('applies them only when faultPaths names /oauth/token', async () => {
    await knob('faults', { restDown: true });
    expect((await refresh()).status).toBe(200); // the API down, the login up
    await knob('faults', { faultPaths: ['/content'] });
    expect((await refresh()).status).toBe(200);
    await knob('faults', { faultPaths: ['/oauth/token'] });
    const down = await refresh();
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toContain('text/html');
  });

  it('answers 500, 429 with Retry-After, or late, and keeps the refresh token of a faulted request', async () => {
    const { refresh_token } = await sandbox.issueTokens('demo');
    const spend = () => token({ grant_type: 'refresh_token', refresh_token, client_id: CLIENT_ID });
    await knob('faults', { faultPaths: ['/oauth/token'], restError: true });
    expect((await spend()).status).toBe(500);
    await knob('faults', { restError: false, restRateLimited: 30 });
    const limited = await spend();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    await knob('faults', { restRateLimited: null, restDelayMs: 400 });
    const started = Date.now();
    expect((await spend()).status).toBe(200); // late, but it answers: the token was not spent before
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
