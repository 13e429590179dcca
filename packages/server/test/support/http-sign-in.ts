import { cloudAlarmSchema } from '@playlist-alarms/core/cloud/cloud-schemas';

// The server-held sign-in over real HTTP, as a browser does it against a running server process:
// /auth/login, the provider's (sandbox's) sign-in form, /auth/callback, the session cookie.
// sign-in.ts does the same in-process (app.inject); this one reaches other processes. Then calls
// with that session, and an alarm made as a parent's page makes one (the fleet tests).

const cookieLine = (response: Response, name: string): string | null =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0] ?? null;

function expectStatus(response: Response, status: number, step: string): void {
  if (response.status !== status) throw new Error(`${step}: HTTP ${response.status}, expected ${status}`);
}

/** Signs the provider's demo account in on the server at `serverUrl`; returns `pa_session=…`. */
export async function signInOverHttp(serverUrl: string): Promise<string> {
  const login = await fetch(`${serverUrl}/auth/login`, { redirect: 'manual' });
  expectStatus(login, 302, 'GET /auth/login');
  const loginCookie = cookieLine(login, 'pa_login');
  if (loginCookie === null) throw new Error('GET /auth/login set no pa_login cookie');
  const authorize = new URL(login.headers.get('location') ?? '');

  // The sandbox's sign-in page posts its query back as a form: do what its button does.
  const consent = await fetch(new URL('/authorize', authorize), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: authorize.searchParams.toString(),
    redirect: 'manual',
  });
  expectStatus(consent, 302, 'POST /authorize');
  const callbackUrl = consent.headers.get('location') ?? '';
  if (!callbackUrl.startsWith(`${serverUrl}/auth/callback?`)) {
    throw new Error(`The provider sent the browser to ${callbackUrl}, not back to ${serverUrl}`);
  }
  const callback = await fetch(callbackUrl, { headers: { cookie: loginCookie }, redirect: 'manual' });
  expectStatus(callback, 302, 'GET /auth/callback');
  const session = cookieLine(callback, 'pa_session');
  if (session === null) throw new Error('GET /auth/callback set no pa_session cookie');
  return session;
}

/**
 * An API call with the session cookie, as the web app served by `serverUrl` makes it (unsafe
 * methods carry that origin). Answers the status and the parsed JSON body (null when empty).
 */
export async function callWithSession(
  serverUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { cookie };
  if (method !== 'GET') headers.origin = serverUrl;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${serverUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/**
 * A daily wake-up alarm for `player` playing `cardId` at this UTC minute, made through the API on
 * `serverUrl` with the session `cookie`, as a parent's page makes one; its id. Tests then move its
 * next_fire_at to the second they need (alarms are minute-grained).
 */
export async function createWakeUpOverHttp(
  serverUrl: string,
  cookie: string,
  player: string,
  cardId: string,
): Promise<string> {
  const now = new Date();
  const created = await callWithSession(serverUrl, 'POST', '/api/alarms', cookie, {
    yoto_device_id: player,
    alarm_type: 'wakeup',
    playlist_id: cardId,
    playlist_name: 'Good Morning Songs',
    hour: now.getUTCHours(),
    minute: now.getUTCMinutes(),
    days: '1111111',
    volume: 5,
  });
  if (created.status !== 201)
    throw new Error(`POST /api/alarms: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  return cloudAlarmSchema.parse(created.body).id;
}
