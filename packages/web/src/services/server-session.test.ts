import { describe, expect, it, vi } from 'vitest';
import { ProviderRetryingError, ServerSession, SessionExpiredError, sessionEnded } from './server-session';

// The page's session client against answers shaped as the server's GET /api/session gives them
// (packages/server/src/sessions/session-routes.ts); the real round trip is the e2e's.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serverAnswering(next: () => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(next());
  };
  return { calls, fetch };
}

const answer = (token: string, expiresAt: number) =>
  json(200, {
    user: { id: 'u1', name: null, email: null },
    accessToken: token,
    expiresAt: new Date(expiresAt).toISOString(),
  });

describe('the page’s side of the server-held session', () => {
  it('keeps the token in memory and asks again only near expiry (a quarter of its life, at most 45 s)', async () => {
    let now = 1_000_000;
    let issued = 0;
    const server = serverAnswering(() => answer(`t${++issued}`, now + 20_000));
    const session = new ServerSession({ backendBase: '', fetch: server.fetch, now: () => now });
    expect(await session.restore()).toBe(true);
    expect(await session.getAccessToken()).toBe('t1');
    now += 14_000; // 6 s left of 20: more than a quarter
    expect(await session.getAccessToken()).toBe('t1');
    now += 2_000; // 4 s left: ask again
    expect(await session.getAccessToken()).toBe('t2');
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]).toMatchObject({ url: '/api/session', init: { credentials: 'same-origin' } });
    expect(JSON.stringify(server.calls)).not.toMatch(/authorization/i);
  });

  it('shares one request between callers that ask at once', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      calls.push(input instanceof Request ? input.url : input.toString());
      return new Promise((resolve) => (release = resolve));
    };
    const session = new ServerSession({ backendBase: '', fetch });
    const both = Promise.all([session.getAccessToken(), session.getAccessToken(), session.restore()]);
    release(answer('shared', Date.now() + 3_600_000));
    expect(await both).toEqual(['shared', 'shared', true]);
    expect(calls).toEqual(['/api/session']);
  });

  it('no session is simply logged out; a refused one is "Session expired" and tells the listeners', async () => {
    const none = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => json(401, { error: 'Not signed in' })).fetch,
    });
    expect(await none.restore()).toBe(false);
    expect(await none.getAccessToken()).toBeNull();

    let told = 0;
    const refused = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => json(401, { error: 'Session expired. Please login again.' })).fetch,
    });
    refused.onExpired(() => (told += 1));
    await expect(refused.restore()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(await refused.getAccessToken()).toBeNull();
    expect(told).toBe(2);
  });

  it('a session that vanishes while held (logged out in another tab) counts as ended', async () => {
    let now = 0;
    let first = true;
    const server = serverAnswering(() => {
      if (!first) return json(401, { error: 'Not signed in' });
      first = false;
      return answer('t1', now + 10_000);
    });
    const session = new ServerSession({ backendBase: '', fetch: server.fetch, now: () => now });
    let told = 0;
    session.onExpired(() => (told += 1));
    expect(await session.getAccessToken()).toBe('t1');
    now = 9_000;
    expect(await session.getAccessToken()).toBeNull();
    expect(told).toBe(1);
  });

  it('an ended session is told apart from other failures, also when an error wraps it', () => {
    expect(sessionEnded(new SessionExpiredError())).toBe(true);
    expect(sessionEnded(new Error('Failed to sync devices', { cause: new SessionExpiredError() }))).toBe(
      true,
    );
    expect(sessionEnded(new Error('Session expired'))).toBe(false);
    expect(sessionEnded(new Error('Failed to sync devices', { cause: new Error('offline') }))).toBe(false);
    expect(sessionEnded('Session expired')).toBe(false);
  });

  it('a server that cannot answer is an error for the caller, not a logout', async () => {
    const session = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => new Response('<html>502</html>', { status: 502 })).fetch,
    });
    await expect(session.restore()).rejects.toThrow('Session check failed with HTTP 502');
    await expect(session.getAccessToken()).rejects.toThrow('HTTP 502');
  });

  it('login goes to the server’s /auth/login; logout posts /auth/logout and forgets the token', async () => {
    const navigated: string[] = [];
    const server = serverAnswering(() => new Response(null, { status: 204 }));
    const session = new ServerSession({
      backendBase: '',
      fetch: server.fetch,
      navigate: (url) => navigated.push(url),
    });
    session.login();
    expect(navigated).toEqual(['/auth/login']);
    await session.logout();
    expect(server.calls).toEqual([
      { url: '/auth/logout', init: { method: 'POST', credentials: 'same-origin' } },
    ]);
  });

  it('logout first removes this browser’s notifications; if that fails, the session still ends', async () => {
    const server = serverAnswering(() => new Response(null, { status: 204 }));
    const callsWhenForgetting: number[] = [];
    const forgetting = new ServerSession({
      backendBase: '',
      fetch: server.fetch,
      forgetPush: () => {
        callsWhenForgetting.push(server.calls.length);
        return Promise.resolve();
      },
    });
    await forgetting.logout();
    expect(callsWhenForgetting).toEqual([0]);
    expect(server.calls.map((call) => call.url)).toEqual(['/auth/logout']);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = new ServerSession({
      backendBase: '',
      fetch: server.fetch,
      forgetPush: () => Promise.reject(new Error('push service down')),
    });
    await failing.logout();
    expect(server.calls.map((call) => call.url)).toEqual(['/auth/logout', '/auth/logout']);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('a session found at start renews a stale push subscription; no session, nothing; a failure only warns', async () => {
    let renewals = 0;
    const renewPush = () => {
      renewals += 1;
      return Promise.resolve();
    };
    const none = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => json(401, { error: 'Not signed in' })).fetch,
      renewPush,
    });
    expect(await none.restore()).toBe(false);
    expect(renewals).toBe(0);
    const found = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => answer('t1', Date.now() + 3_600_000)).fetch,
      renewPush,
    });
    expect(await found.restore()).toBe(true);
    expect(renewals).toBe(1);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = new ServerSession({
      backendBase: '',
      fetch: serverAnswering(() => answer('t1', Date.now() + 3_600_000)).fetch,
      renewPush: () => Promise.reject(new Error('push service down')),
    });
    expect(await failing.restore()).toBe(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    warn.mockRestore();
  });

  it('takes who is signed in from the answer, asking nothing else', async () => {
    const server = serverAnswering(() =>
      json(200, {
        user: { id: 'auth0|u1', name: 'Sam', email: 'sam@example.com' },
        accessToken: 't1',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        retrying: null,
      }),
    );
    const session = new ServerSession({
      backendBase: '',
      fetch: server.fetch,
      schedule: () => () => undefined,
    });
    expect(await session.currentUser()).toEqual({ sub: 'auth0|u1', name: 'Sam', email: 'sam@example.com' });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/session']);
  });

  it('while the server retries an expired token: still signed in, told, and asked again when it said', async () => {
    const now = 1_000_000;
    let down = true;
    const server = serverAnswering(() =>
      down
        ? json(200, {
            user: { id: 'u1', name: null, email: null },
            accessToken: null,
            expiresAt: null,
            retrying: { message: "Can't reach Yoto, retrying", retryAt: new Date(now + 4_000).toISOString() },
          })
        : answer('fresh', now + 3_600_000),
    );
    const scheduled: Array<{ run: () => void; delayMs: number }> = [];
    const session = new ServerSession({
      backendBase: '',
      fetch: server.fetch,
      now: () => now,
      schedule: (run, delayMs) => {
        scheduled.push({ run, delayMs });
        return () => undefined;
      },
    });
    const heard: Array<string | null> = [];
    session.onRetrying((retrying) => heard.push(retrying?.message ?? null));
    expect(await session.restore()).toBe(true);
    await expect(session.getAccessToken()).rejects.toBeInstanceOf(ProviderRetryingError);
    expect(heard).toEqual([null, "Can't reach Yoto, retrying"]);
    expect(scheduled.at(-1)?.delayMs).toBe(4_000);

    down = false;
    scheduled.at(-1)?.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard.at(-1)).toBeNull();
    expect(await session.getAccessToken()).toBe('fresh');
  });
});
