import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// Drives the server-held sign-in against a real provider (the sandbox) the way a browser does:
// /auth/login's redirect, the provider's sign-in form, the redirect back to /auth/callback.

export const APP_HOST = 'localhost:5173';
export const APP_ORIGIN = `http://${APP_HOST}`;

/** `name=value` of a Set-Cookie line for `name`, or null. */
function cookieFrom(response: LightMyRequestResponse, name: string): string | null {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [header];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line === undefined ? null : (line.split(';')[0] ?? null);
}

export function setCookieLine(response: LightMyRequestResponse, name: string): string | null {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return lines.find((l) => l.startsWith(`${name}=`)) ?? null;
}

interface SignInTrace {
  /** `pa_session=…`, ready for a Cookie header. */
  sessionCookie: string;
  /** What passed through the browser, for the tests that look for leaks. */
  loginCookie: string;
  code: string;
  state: string;
  callback: LightMyRequestResponse;
}

/** The whole sign-in; `tamper` may change the callback's query before it is sent. */
export async function signIn(
  app: FastifyInstance,
  options: { tamper?: (query: URLSearchParams) => void } = {},
): Promise<SignInTrace> {
  const login = await app.inject({ method: 'GET', url: '/auth/login', headers: { host: APP_HOST } });
  expect(login.statusCode).toBe(302);
  const loginCookie = cookieFrom(login, 'pa_login');
  expect(loginCookie).not.toBeNull();
  const authorize = new URL(String(login.headers.location));
  expect(authorize.pathname).toBe('/authorize');

  // The sandbox's sign-in page posts its query back as a form: do what its button does.
  const form = new URLSearchParams(authorize.searchParams);
  const consent = await fetch(new URL('/authorize', authorize), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_ORIGIN}/auth/callback`);
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  options.tamper?.(back.searchParams);

  const callback = await app.inject({
    method: 'GET',
    url: `/auth/callback?${back.searchParams.toString()}`,
    headers: { host: APP_HOST, cookie: loginCookie ?? '' },
  });
  // An untampered sign-in must succeed: a test after it would otherwise fail far from the cause.
  if (options.tamper === undefined) expect(callback.headers.location, 'the sign-in callback').toBe('/');
  return {
    sessionCookie: cookieFrom(callback, 'pa_session') ?? '',
    loginCookie: loginCookie ?? '',
    code,
    state,
    callback,
  };
}

interface SessionCall {
  status: number;
  body: unknown;
  response: LightMyRequestResponse;
}

/** A call as the web app makes it: the cookie, and for unsafe methods the app's Origin. */
export async function callWithCookie(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  options: { origin?: string | null; body?: unknown } = {},
): Promise<SessionCall> {
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  const headers: Record<string, string> = { host: APP_HOST, cookie };
  if (origin !== null) headers.origin = origin;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return {
    status: response.statusCode,
    body: response.body === '' ? null : (JSON.parse(response.body) as unknown),
    response,
  };
}
