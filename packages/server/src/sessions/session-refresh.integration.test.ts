import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { refreshTokenGrant } from '@playlist-alarms/provider/auth-token-grant';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import type { TestDatabase } from '../../test/support/test-databases';
import { describeOnDatabases } from '../../test/support/cloud-api';
import { startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { callWithCookie, signIn } from '../../test/support/sign-in';
import { liveSessionSchema } from '../../test/support/live-session';

// One refresh at a time: the sandbox's tokens live 1 s and its refresh tokens are single use
// (a reused one is refused), so a refresh spent twice shows as a failed call.

const LIFETIME_S = 1;
const DEMO_SUB = 'auth0|demo-parent';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the access token's expiry (whole seconds in the JWT, milliseconds in the store). */
const untilExpired = () => pause(LIFETIME_S * 1000 + 150);

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0, tokenLifetimeSeconds: LIFETIME_S });
});
afterAll(async () => {
  await sandbox.close();
});

describeOnDatabases('token refresh under the user lock', (open) => {
  let database: TestDatabase;
  let h: SessionHarness;
  beforeEach(async () => {
    database = await open();
    h = await startSessionHarness(database, sandbox, { deps: { tokenRefreshMarginMs: 0 } });
  });
  afterEach(async () => {
    await h.close();
    await database.dispose();
  });

  const tokenOf = (body: unknown) => liveSessionSchema.parse(body).accessToken;

  it('two concurrent calls after expiry spend the refresh token once and share the new pair', async () => {
    const { sessionCookie } = await signIn(h.app);
    const before = tokenOf((await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).body);
    await untilExpired();
    const [a, b] = await Promise.all([
      callWithCookie(h.app, 'GET', '/api/session', sessionCookie),
      callWithCookie(h.app, 'GET', '/api/session', sessionCookie),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tokenOf(a.body)).toBe(tokenOf(b.body));
    expect(tokenOf(a.body)).not.toBe(before);
    expect(Date.parse(liveSessionSchema.parse(a.body).expiresAt)).toBeGreaterThan(Date.now());
  });

  it('two replicas on one database refresh once between them', async () => {
    const { sessionCookie } = await signIn(h.app);
    const other = await h.replica();
    await untilExpired();
    const answers = await Promise.all([
      callWithCookie(h.app, 'GET', '/api/session', sessionCookie),
      callWithCookie(other, 'GET', '/api/session', sessionCookie),
      callWithCookie(other, 'GET', '/api/alarms', sessionCookie),
      h.app.sessions.accessTokenFor(DEMO_SUB),
    ]);
    const [first, second, alarms, workerToken] = answers;
    expect([first.status, second.status, alarms.status]).toEqual([200, 200, 200]);
    expect(tokenOf(second.body)).toBe(tokenOf(first.body));
    expect(workerToken).toBe(tokenOf(first.body));
  });

  it('a refused refresh ends the session: 401 "Session expired", rows cleared, worker gets null', async () => {
    const { sessionCookie } = await signIn(h.app);
    // Someone else spends the stored refresh token (as a leaked copy would): the provider then
    // refuses it to the server.
    const row = await database.db
      .selectFrom('users')
      .select('refresh_token_enc')
      .where('yoto_user_id', '=', DEMO_SUB)
      .executeTakeFirstOrThrow();
    const refreshToken = h.cipher.decrypt(row.refresh_token_enc ?? '', 'token');
    expect(refreshToken).not.toBeNull();
    await refreshTokenGrant({
      endpoints: { authIssuer: sandbox.url, clientId: 'playlist-alarms-demo' },
      refreshToken: refreshToken ?? '',
    });
    await untilExpired();

    const answer = await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
    expect(answer).toMatchObject({ status: 401, body: { error: 'Session expired. Please login again.' } });
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(
      await database.db
        .selectFrom('users')
        .select(['access_token_enc', 'refresh_token_enc', 'token_expires_at'])
        .where('yoto_user_id', '=', DEMO_SUB)
        .executeTakeFirstOrThrow(),
    ).toEqual({ access_token_enc: null, refresh_token_enc: null, token_expires_at: null });
    expect(await h.app.sessions.accessTokenFor(DEMO_SUB)).toBeNull();
  });

  it('accessTokenFor gives the worker a fresh token, and null for an unknown user', async () => {
    await signIn(h.app);
    const first = await h.app.sessions.accessTokenFor(DEMO_SUB);
    expect(first).toEqual(expect.any(String));
    expect(await h.app.sessions.accessTokenFor(DEMO_SUB)).toBe(first); // still fresh: no refresh
    await untilExpired();
    const refreshed = await h.app.sessions.accessTokenFor(DEMO_SUB);
    expect(refreshed).not.toBe(first);
    expect(await h.app.sessions.accessTokenFor('auth0|nobody')).toBeNull();
  });
});
