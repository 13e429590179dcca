import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { sandboxKnobs, type SandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { TestDatabase } from '../../test/support/test-databases';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { sandboxConfig, startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { callWithCookie, signIn } from '../../test/support/sign-in';
import { PROVIDER_RETRYING } from './credentials';
import { sessionAnswerSchema } from './session-schemas';
import { liveSessionSchema } from '../../test/support/live-session';

// A flaky token endpoint never ends a session: a 429, a 5xx, a time-out or a network error keeps
// the tokens, the page is told "Can't reach Yoto, retrying" once the access token has run out, the
// server waits before asking again (longer each time, at least what Retry-After asked), and the
// session carries on when the provider is back. Only invalid_grant ends it
// (session-refresh.integration.test.ts); without offline_access it ends cleanly at expiry.

const LIFETIME_S = 2;
const DEMO_SUB = 'auth0|demo-parent';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the access token's expiry (whole seconds in the JWT, milliseconds in the store). */
const untilExpired = () => pause(LIFETIME_S * 1000 + 200);

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0, tokenLifetimeSeconds: LIFETIME_S });
});
afterAll(async () => {
  await sandbox.close();
});

async function faults(body: Parameters<SandboxKnobs['setFaults']>[0]): Promise<void> {
  await sandboxKnobs(sandbox.url).setFaults(body);
}

/** The server's own fetch, counting its token requests, and failing them at the network on demand. */
function tokenEndpointWatch() {
  const watch = { requests: 0, network: false };
  const fetchFn: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/oauth/token')) {
      watch.requests += 1;
      if (watch.network) return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };
  return { watch, fetchFn };
}

describeOnDatabases('token endpoint resilience', (open) => {
  let database: TestDatabase;
  let h: SessionHarness;
  let watch: { requests: number; network: boolean };
  let logLines: string[];
  beforeEach(async () => {
    database = await open();
    const endpoint = tokenEndpointWatch();
    watch = endpoint.watch;
    logLines = [];
    h = await startSessionHarness(database, sandbox, {
      config: { logLevel: 'warn' },
      deps: {
        tokenRefreshMarginMs: 0,
        tokenRequestTimeoutMs: 300,
        fetch: endpoint.fetchFn,
        logStream: { write: (line) => void logLines.push(line) },
      },
    });
  });
  afterEach(async () => {
    await faults({
      restDown: false,
      restError: false,
      restRateLimited: null,
      restDelayMs: 0,
      faultPaths: null,
    });
    await h.close();
    await database.dispose();
  });

  const storedPair = () =>
    database.db
      .selectFrom('users')
      .select(['access_token_enc', 'refresh_token_enc'])
      .where('yoto_user_id', '=', DEMO_SUB)
      .executeTakeFirstOrThrow();

  /** Signs in, breaks the token endpoint, lets the token expire: the page is told to wait. */
  async function expiredWhileDown(breakIt: () => Promise<void> | void) {
    const { sessionCookie } = await signIn(h.app);
    const before = liveSessionSchema.parse(
      (await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).body,
    );
    const pair = await storedPair();
    await breakIt();
    await untilExpired();
    const failedAt = Date.now();
    const answer = await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
    expect(answer.status).toBe(200);
    const body = sessionAnswerSchema.parse(answer.body);
    expect(body).toMatchObject({ user: { id: DEMO_SUB }, accessToken: null, expiresAt: null });
    expect(body.retrying?.message).toBe(PROVIDER_RETRYING);
    // The tokens and the session stay.
    expect(await storedPair()).toEqual(pair);
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    return { sessionCookie, before, failedAt, retryAt: Date.parse(body.retrying?.retryAt ?? '') };
  }

  /** The provider is back: after the wait, the session has a new token. */
  async function recovers(sessionCookie: string, retryAt: number, before: string) {
    await faults({
      restDown: false,
      restError: false,
      restRateLimited: null,
      restDelayMs: 0,
      faultPaths: null,
    });
    watch.network = false;
    await pause(Math.max(0, retryAt - Date.now()) + 50);
    const after = await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
    expect(after.status).toBe(200);
    expect(liveSessionSchema.parse(after.body).accessToken).not.toBe(before);
  }

  it.each([
    ['503 (down)', { restDown: true }],
    ['500 (failing)', { restError: true }],
    ['a time-out', { restDelayMs: 1_500 }],
  ])(
    'a %s from the token endpoint keeps the session, and it carries on when the provider is back',
    async (_name, fault) => {
      const { sessionCookie, before, retryAt, failedAt } = await expiredWhileDown(() =>
        faults({ ...fault, faultPaths: ['/oauth/token'] }),
      );
      // The first wait is a second; the API says so with Retry-After.
      expect(retryAt - failedAt).toBeGreaterThanOrEqual(500);
      expect(retryAt - failedAt).toBeLessThan(3_000);
      const api = await callWithCookie(h.app, 'GET', '/api/alarms', sessionCookie);
      expect(api).toMatchObject({ status: 503, body: { error: PROVIDER_RETRYING } });
      expect(Number(api.response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await recovers(sessionCookie, retryAt, before.accessToken);
    },
  );

  it('a network error keeps the session too', async () => {
    const { sessionCookie, before, retryAt } = await expiredWhileDown(() => {
      watch.network = true;
    });
    await recovers(sessionCookie, retryAt, before.accessToken);
  });

  it('a 429 is waited out for at least its Retry-After', async () => {
    const { sessionCookie, before, retryAt, failedAt } = await expiredWhileDown(() =>
      faults({ restRateLimited: 3, faultPaths: ['/oauth/token'] }),
    );
    expect(retryAt - failedAt).toBeGreaterThanOrEqual(2_900);
    await recovers(sessionCookie, retryAt, before.accessToken);
  });

  it('backs off: no token request while waiting, and a longer wait after each failure', async () => {
    const {
      sessionCookie,
      retryAt: firstRetry,
      failedAt,
    } = await expiredWhileDown(() => faults({ restDown: true, faultPaths: ['/oauth/token'] }));
    const asked = watch.requests;
    for (let i = 0; i < 5; i += 1) await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
    await h.app.sessions.accessTokenFor(DEMO_SUB).catch(() => null); // the alarm worker waits too
    expect(watch.requests).toBe(asked);
    await pause(Math.max(0, firstRetry - Date.now()) + 50);
    const second = sessionAnswerSchema.parse(
      (await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).body,
    );
    expect(watch.requests).toBe(asked + 1);
    const secondWait = Date.parse(second.retrying?.retryAt ?? '') - Date.now();
    expect(secondWait).toBeGreaterThan(firstRetry - failedAt + 300); // 1 s, then 2 s
    // The log says why, with no token in it.
    const failures = logLines.filter((line) => line.includes('Token refresh failed; the session stays'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures.join('\n')).toContain('provider-unavailable');
    const { refresh_token_enc } = await storedPair();
    const refresh = h.cipher.decrypt(refresh_token_enc ?? '', 'token') ?? '?';
    expect(logLines.join('\n')).not.toContain(refresh);
  });

  it('while the token is still valid, a failing refresh hands out the current one', async () => {
    const endpoint = tokenEndpointWatch();
    // A margin longer than the token's life: every call tries to refresh, and each fails.
    const early = await startSessionHarness(database, sandbox, {
      deps: { tokenRefreshMarginMs: 60_000, fetch: endpoint.fetchFn },
    });
    try {
      const { sessionCookie } = await signIn(early.app);
      endpoint.watch.network = true;
      const answer = await callWithCookie(early.app, 'GET', '/api/session', sessionCookie);
      expect(endpoint.watch.requests).toBeGreaterThanOrEqual(2); // the code exchange, then a refresh
      expect(liveSessionSchema.parse(answer.body).retrying).toBeNull();
    } finally {
      await early.close();
    }
  });
});

describeOnDatabases('a grant without offline_access', (open) => {
  it('has no refresh token, and the session ends cleanly when the access token does', async () => {
    const database = await open();
    const { watch, fetchFn } = tokenEndpointWatch();
    const provider = {
      ...sandboxConfig(sandbox).provider,
      scope: 'user:content:view family:devices:view family:devices:control',
    };
    const h = await startSessionHarness(database, sandbox, {
      config: { provider },
      deps: { tokenRefreshMarginMs: 0, fetch: fetchFn },
    });
    try {
      const { sessionCookie } = await signIn(h.app);
      const row = await database.db
        .selectFrom('users')
        .select('refresh_token_enc')
        .where('yoto_user_id', '=', DEMO_SUB)
        .executeTakeFirstOrThrow();
      expect(row.refresh_token_enc).toBeNull();
      expect((await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).status).toBe(200);
      await untilExpired();
      const asked = watch.requests;
      const ended = await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
      expect(ended).toMatchObject({ status: 401, body: { error: 'Session expired. Please login again.' } });
      expect(watch.requests).toBe(asked); // nothing to refresh with, so nothing asked
      expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
      expect(await h.app.sessions.accessTokenFor(DEMO_SUB)).toBeNull();
    } finally {
      await h.close();
      await database.dispose();
    }
  });
});
