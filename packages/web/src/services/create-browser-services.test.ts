import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import { createBrowserServices } from './create-browser-services';

// The real services over a fetch stand-in shaped as the server answers: a backend call refused
// with 401 makes the session ask GET /api/session at once, so an ended session logs the page out.

const config: RuntimeConfig = {
  provider: {
    apiBase: 'https://api.example.test',
    authIssuer: 'https://login.example.test',
    clientId: 'client',
    audience: 'https://api.example.test',
    scope: 'openid',
    brokerUrl: 'wss://mqtt.example.test',
    cardLinkHost: 'https://cards.example.test',
  },
  backendBase: '',
  mode: 'real',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * /api/session answers a session until `endSession()`, then 401 once `answerEnded()` is called (so
 * the calls it is asked during share one request); every other backend call is refused.
 */
function backend() {
  const calls: string[] = [];
  let signedIn = true;
  let answerEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (answerEnded = resolve));
  const fetch: typeof globalThis.fetch = (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push(url);
    if (url !== '/api/session') return Promise.resolve(json(401, { error: 'Not signed in' }));
    if (!signedIn) return ended.then(() => json(401, { error: 'Not signed in' }));
    return Promise.resolve(
      json(200, {
        user: { id: 'u1', name: null, email: null },
        accessToken: 'token',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
  };
  return { calls, fetch, endSession: () => (signedIn = false), answerEnded };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser services when the backend refuses the session', () => {
  it('a 401 from a cloud or favourites call checks the session at once, once, and tells the expired listeners', async () => {
    const server = backend();
    vi.stubGlobal('fetch', server.fetch);
    const services = createBrowserServices(config);
    let told = 0;
    services.auth.onExpired(() => (told += 1));
    expect(await services.auth.restore()).toBe(true);
    server.endSession(); // logged out in another tab: the token in memory is still hours from renewal

    const cloud = await services.loadCloud();
    await Promise.all([
      expect(cloud.listAlarms()).rejects.toThrow(),
      expect(services.favourites.list()).rejects.toThrow(),
    ]);
    server.answerEnded();

    await vi.waitFor(() => expect(told).toBe(1));
    expect(server.calls.filter((url) => url === '/api/session')).toHaveLength(2);
  });
});
