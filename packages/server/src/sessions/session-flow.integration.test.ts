import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { decodeJwt } from 'jose';
import type { TestDatabase } from '../../test/support/test-databases';
import { alarmBody, describeOnDatabases } from '../../test/support/cloud-api';
import { startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { APP_ORIGIN, callWithCookie, setCookieLine, signIn } from '../../test/support/sign-in';
import { liveSessionSchema } from '../../test/support/live-session';

// The server-held sign-in end to end, with the sandbox as the provider: login → provider →
// callback → cookie → /api/session, a cookie-authenticated API call, the Origin rule, logout.

const DEMO_SUB = 'auth0|demo-parent';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

describeOnDatabases('server-held session', (open) => {
  let database: TestDatabase;
  let h: SessionHarness;
  beforeEach(async () => {
    database = await open();
    h = await startSessionHarness(database, sandbox);
  });
  afterEach(async () => {
    await h.close();
    await database.dispose();
  });

  it('signs in through the server and gives the page its user and an access token', async () => {
    const login = await h.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { host: 'localhost:5173' },
    });
    const authorize = new URL(String(login.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sandbox.url}/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/auth/callback`);
    // The verifier stays server-side: the login cookie is sealed, and HttpOnly.
    expect(setCookieLine(login, 'pa_login')).toMatch(
      /^pa_login=v1\.[^;]+; Path=\/auth\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );

    const trace = await signIn(h.app);
    expect(trace.callback.statusCode).toBe(302);
    expect(trace.callback.headers.location).toBe('/');
    const line = setCookieLine(trace.callback, 'pa_session') ?? '';
    expect(line).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(line).not.toContain('Secure'); // plain http here
    expect(setCookieLine(trace.callback, 'pa_login')).toContain('Max-Age=0'); // single use
    // Beside it, a hint the page can read (no secret in it), so a visit without one paints at once.
    expect(setCookieLine(trace.callback, 'pa_signed_in')).toMatch(
      /^pa_signed_in=1; Path=\/; Max-Age=2592000; SameSite=Lax$/,
    );

    const session = await callWithCookie(h.app, 'GET', '/api/session', trace.sessionCookie);
    expect(session.status).toBe(200);
    expect(session.response.headers['cache-control']).toBe('no-store');
    const body = liveSessionSchema.parse(session.body);
    // The sandbox grants no openid by default, as the real dashboard does for a new app: no id token, so
    // no name or email (the page then greets without a name).
    expect(body.user).toEqual({ id: DEMO_SUB, name: null, email: null });
    expect(decodeJwt(body.accessToken).sub).toBe(DEMO_SUB);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 3_000_000);
    expect(JSON.stringify(session.body)).not.toMatch(/refresh/i);

    // The session id is stored hashed: the cookie's value is in no row.
    const rows = await h.app.sessions.findSession('not-a-session');
    expect(rows).toBeNull();
    const stored = await database.db.selectFrom('sessions').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(trace.sessionCookie).not.toContain(stored[0]?.id_hash ?? '?');
  });

  it('accepts the cookie on protected routes, and refuses unsafe calls from another origin', async () => {
    const { sessionCookie } = await signIn(h.app);
    expect((await callWithCookie(h.app, 'GET', '/api/alarms', sessionCookie)).status).toBe(200);
    const created = await callWithCookie(h.app, 'POST', '/api/alarms', sessionCookie, { body: alarmBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ yoto_user_id: DEMO_SUB });

    for (const origin of ['http://evil.example', 'null', null]) {
      const refused = await callWithCookie(h.app, 'POST', '/api/alarms', sessionCookie, {
        origin,
        body: alarmBody(),
      });
      expect(refused.status, `Origin ${String(origin)}`).toBe(403);
      expect(refused.body).toEqual({ error: 'Cross-origin request refused' });
    }
    const list = await callWithCookie(h.app, 'GET', '/api/alarms', sessionCookie);
    expect(list.body).toMatchObject({ counts: { total: 1 } });
    // The session's access token reaches the provider through the proxy.
    expect(
      (await callWithCookie(h.app, 'GET', '/api/yoto/family/library/groups', sessionCookie)).status,
    ).toBe(200);
  });

  it('logout ends the session on the server: the old cookie is refused afterwards', async () => {
    const { sessionCookie } = await signIn(h.app);
    const foreign = await callWithCookie(h.app, 'POST', '/auth/logout', sessionCookie, {
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect((await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).status).toBe(200);

    const logout = await callWithCookie(h.app, 'POST', '/auth/logout', sessionCookie);
    expect(logout.status).toBe(204);
    expect(setCookieLine(logout.response, 'pa_session')).toMatch(
      /^pa_session=; Path=\/; Max-Age=0; HttpOnly/,
    );
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    const after = await callWithCookie(h.app, 'GET', '/api/session', sessionCookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Session expired. Please login again.' });
    expect((await callWithCookie(h.app, 'GET', '/api/alarms', sessionCookie)).status).toBe(401);
  });

  it('DELETE /api/session ends it too, and needs the cookie', async () => {
    const { sessionCookie } = await signIn(h.app);
    expect((await callWithCookie(h.app, 'DELETE', '/api/session', '')).status).toBe(401);
    expect((await callWithCookie(h.app, 'DELETE', '/api/session', sessionCookie)).status).toBe(204);
    expect((await callWithCookie(h.app, 'GET', '/api/session', sessionCookie)).status).toBe(401);
    // Replayed after the end: refused, like every protected route.
    expect((await callWithCookie(h.app, 'DELETE', '/api/session', sessionCookie)).status).toBe(401);
  });

  it('answers 401 without a session, naming an expired one, and clears the page’s hint either way', async () => {
    const none = await callWithCookie(h.app, 'GET', '/api/session', '');
    expect(none).toMatchObject({ status: 401, body: { error: 'Not signed in' } });
    expect(setCookieLine(none.response, 'pa_signed_in')).toContain('Max-Age=0');
    const forged = await callWithCookie(h.app, 'GET', '/api/session', 'pa_session=forged');
    expect(forged).toMatchObject({ status: 401, body: { error: 'Session expired. Please login again.' } });
    expect(setCookieLine(forged.response, 'pa_signed_in')).toContain('Max-Age=0');
  });

  it('refuses a callback whose state does not match, or that comes without the login cookie', async () => {
    const tampered = await signIn(h.app, { tamper: (q) => q.set('state', 'forged-state') });
    expect(tampered.callback.headers.location).toBe('/?login_error=state-mismatch');
    expect(tampered.sessionCookie).toBe('');

    const noCookie = await h.app.inject({ method: 'GET', url: '/auth/callback?code=x&state=y' });
    expect(noCookie.headers.location).toBe('/?login_error=expired');
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('reports a sign-in the provider refused', async () => {
    const denied = await signIn(h.app, {
      tamper: (q) => {
        q.delete('code');
        q.set('error', 'access_denied');
      },
    });
    expect(denied.callback.headers.location).toBe('/?login_error=denied&login_code=access_denied');
    // A code spent twice is refused by the provider: the second callback fails cleanly.
    const first = await signIn(h.app);
    const replay = await h.app.inject({
      method: 'GET',
      url: `/auth/callback?code=${first.code}&state=${first.state}`,
      headers: { host: 'localhost:5173', cookie: first.loginCookie },
    });
    expect(replay.headers.location).toBe('/?login_error=code-refused&login_code=invalid_grant');
  });
});
