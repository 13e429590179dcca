import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, refreshTokenGrant } from './auth-token-grant';
import { ProviderClient } from './rest-client';

// Contract: the refresh grant in plain Node (global fetch, no window, no storage) against the real
// sandbox's token endpoint, as the server will run it for server-held sessions.

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});

const endpoints = () => ({ authIssuer: sandbox.url, clientId: 'playlist-alarms-demo' });

describe('refreshTokenGrant in Node against the sandbox', () => {
  it('runs without a browser: no window, sessionStorage or document in this environment', () => {
    expect(Reflect.has(globalThis, 'window')).toBe(false);
    expect(Reflect.has(globalThis, 'sessionStorage')).toBe(false);
    expect(Reflect.has(globalThis, 'document')).toBe(false);
  });

  it('returns a new token pair whose access token the provider accepts', async () => {
    const first = await sandbox.issueTokens('demo');
    const now = Date.now();
    const next = await refreshTokenGrant({
      endpoints: endpoints(),
      refreshToken: first.refresh_token,
      now: () => now,
    });
    expect(next.accessToken).not.toBe(first.access_token);
    expect(next.refreshToken).toBeTruthy();
    expect(next.refreshToken).not.toBe(first.refresh_token);
    // No id token: the sandbox, as the real provider for a new app, grants no openid.
    expect(next.idToken).toBeNull();
    expect(next.expiresAt).toBe(now + 3600 * 1000);

    const provider = new ProviderClient({
      apiBase: sandbox.url,
      getAccessToken: () => Promise.resolve(next.accessToken),
    });
    expect((await provider.getDevices()).map((device) => device.deviceId)).toContain('demo-player-1');
  });

  it('spends a refresh token once: the old one is refused after rotation, the new one works', async () => {
    const first = await sandbox.issueTokens('demo');
    const second = await refreshTokenGrant({ endpoints: endpoints(), refreshToken: first.refresh_token });

    const replay = refreshTokenGrant({ endpoints: endpoints(), refreshToken: first.refresh_token });
    await expect(replay).rejects.toBeInstanceOf(AuthError);
    await expect(replay).rejects.toMatchObject({
      code: 'invalid-grant',
      message: expect.stringContaining('HTTP 400, invalid_grant') as unknown,
    });

    const third = await refreshTokenGrant({ endpoints: endpoints(), refreshToken: second.refreshToken! });
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it('maps a spent refresh token to invalid-grant, an unknown client to token-request-failed and an unreachable issuer to network-error', async () => {
    await expect(
      refreshTokenGrant({ endpoints: endpoints(), refreshToken: 'forged-refresh-token' }),
    ).rejects.toMatchObject({ name: 'AuthError', code: 'invalid-grant' });

    const { refresh_token } = await sandbox.issueTokens('demo');
    await expect(
      refreshTokenGrant({
        endpoints: { ...endpoints(), clientId: 'another-client' },
        refreshToken: refresh_token,
      }),
    ).rejects.toMatchObject({ code: 'token-request-failed' });

    const gone = await startSandbox({ port: 0, mqttPort: 0 });
    const goneUrl = gone.url;
    await gone.close();
    await expect(
      refreshTokenGrant({ endpoints: { ...endpoints(), authIssuer: goneUrl }, refreshToken: refresh_token }),
    ).rejects.toMatchObject({ code: 'network-error' });
  });
});
