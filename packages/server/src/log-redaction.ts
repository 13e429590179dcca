import type { FastifyRequest } from 'fastify';

// OAuth codes and tokens must never reach a log, at any level. Headers and fields are censored by
// pino's redact paths; URLs are strings, so their sensitive query values are masked before logging
// (an OAuth callback lands on `/?code=…&state=…`, and Fastify logs every request's URL).

export const CENSOR = '[redacted]';

const SENSITIVE_FIELDS = ['access_token', 'refresh_token', 'id_token', 'token', 'client_secret', 'password'];
// `code` is also an error's code (ECONNREFUSED, 57P01), worth keeping: censored where it is data.
const CODE_CONTAINERS = ['body', 'query', 'params', 'payload', 'tokens'];
const SENSITIVE_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"proxy-authorization"'];

/** pino redact paths: the headers wherever a request or response is logged, and the fields two levels deep. */
export const REDACT_PATHS: string[] = [
  ...['req.headers', 'headers', 'request.headers', 'res.headers', 'reply.headers'].flatMap((prefix) =>
    SENSITIVE_HEADERS.map((header) => `${prefix}.${header}`),
  ),
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  'code',
  ...CODE_CONTAINERS.flatMap((container) => [`${container}.code`, `*.${container}.code`]),
];

const SENSITIVE_QUERY = new Set([...SENSITIVE_FIELDS, 'code', 'state', 'code_verifier']);

/** The URL with the values of sensitive query parameters masked (path and other params kept). */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const [search, hash = ''] = url.slice(query + 1).split(/(?=#)/, 2);
  const params = (search ?? '').split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
    return SENSITIVE_QUERY.has(name) && eq !== -1 ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
  });
  return `${url.slice(0, query)}?${params.join('&')}${hash}`;
}

/** A service URL (Redis, PostgreSQL) as a log may show it: the password, if any, masked. */
export function redactCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '' && parsed.search === '') return url;
    // The query is left out too: some clients take a password there.
    const user =
      parsed.password !== ''
        ? `${parsed.username}:***@`
        : parsed.username === ''
          ? ''
          : `${parsed.username}@`;
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return CENSOR;
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
