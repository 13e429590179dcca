import type { FastifyRequest } from 'fastify';

// Logs must hold no token, authorization code or verifier (DESIGN.md). Fastify logs each
// request's URL, and the provider's redirect to /auth/callback carries the code in its query:
// that query is cut from the log line. Cookies and bearer tokens are in headers, which are
// redacted (app.ts) and not logged by default anyway.

const CALLBACK = '/auth/callback';

export const REDACTED_HEADER_PATHS = [
  'req.headers.cookie',
  'headers.cookie',
  'request.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Fastify's default request fields, with the callback's query replaced. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  const url = request.url;
  const safeUrl = url.startsWith(`${CALLBACK}?`) ? `${CALLBACK}?[redacted]` : url;
  return {
    method: request.method,
    url: safeUrl,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
