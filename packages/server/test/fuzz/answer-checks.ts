import zlib from 'node:zlib';
import type { LightMyRequestResponse as Response } from 'fastify';

// What a client can rely on in every refusal: a JSON body that is exactly `{ "error": "…" }` with
// something in it (errors.ts, errorBodySchema). Compressed answers are read as a client would.

function decodedBody(response: Response): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** Why `response` is not a well-formed refusal, or null when it is. */
export function refusalProblem(response: Response): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type is "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(decodedBody(response));
  } catch {
    return `body is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return `body has keys ${JSON.stringify(keys)}`;
  const { error } = body as { error: unknown };
  if (typeof error !== 'string' || error.trim() === '') return `error is ${JSON.stringify(error)}`;
  return null;
}

/** A line naming the request and its answer, for assertion messages. */
export function describeExchange(method: string, url: string, response: Response): string {
  const shortUrl = url.length > 160 ? `${url.slice(0, 160)}… (${url.length} chars)` : url;
  return `${method} ${shortUrl} → ${response.statusCode} ${response.body.slice(0, 300)}`;
}
