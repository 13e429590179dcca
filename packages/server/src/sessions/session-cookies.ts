import type { FastifyReply, FastifyRequest } from 'fastify';

// The two cookies of the server-held sign-in, written by hand (two cookies do not need a plugin):
// the session cookie, and the short-lived login cookie that carries the PKCE verifier and the
// state, encrypted, from /auth/login to /auth/callback.

export const SESSION_COOKIE = 'pa_session';
/** Readable by the page and secret-free: only says a session may exist (core's SESSION_HINT_COOKIE). */
export { SESSION_HINT_COOKIE } from '@playlist-alarms/core/shared/session-hint-cookie';
export const LOGIN_COOKIE = 'pa_login';
export const LOGIN_COOKIE_PATH = '/auth/callback';
export const LOGIN_LIFETIME_SECONDS = 600;

/** The request's cookies; a malformed one is skipped, never an error. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return value === '' ? null : decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** The app's own origin: PUBLIC_URL when configured, else this request's protocol and Host. */
export function appOrigin(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Whether an unsafe request comes from the app's own pages. With PUBLIC_URL the Origin must be
 * exactly it; without, its host must be the request's Host (a TLS proxy may hide the scheme).
 */
export function originMatches(request: FastifyRequest, publicUrl: string | null): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  if (publicUrl !== null) return origin === publicUrl;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
  /** Default true; only the session hint, which holds no secret, is readable by the page. */
  httpOnly?: boolean;
}

function cookieLine(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    // Lax: the cookie rides on the top-level redirect back from the provider, never on a
    // cross-site POST or fetch.
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function isSecure(request: FastifyRequest, publicUrl: string | null): boolean {
  return publicUrl === null ? request.protocol === 'https' : publicUrl.startsWith('https:');
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): FastifyReply {
  // Fastify appends to an existing set-cookie header instead of replacing it.
  return reply.header('set-cookie', cookieLine(name, value, options));
}

export function clearCookie(reply: FastifyReply, name: string, path: string, secure: boolean): FastifyReply {
  return setCookie(reply, name, '', { path, maxAgeSeconds: 0, secure });
}
