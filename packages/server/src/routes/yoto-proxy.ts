import { parseProxiedParams } from '@playlist-alarms/provider/proxied-params';
import {
  PROXIED_PATH_NAMES,
  PROXIED_PATHS,
  upstreamRequestPath,
} from '@playlist-alarms/provider/proxied-paths';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { requireCaller } from '../auth';
import { redactUrl } from '../log-redaction';

// The same-origin proxy: the family library and card content, which the browser
// cannot fetch from the provider directly. Its routes, their id rule and the provider paths
// they map to are provider's table (proxied-paths.ts), the one the browser's client uses too.
// The caller's bearer token is passed through after the auth hook has verified it, and the
// provider's answer is relayed as it came.

interface YotoProxyOptions {
  apiBase: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const yotoProxyRoutes: FastifyPluginCallback<YotoProxyOptions> = (app, options, done) => {
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function relay(reply: FastifyReply, token: string, url: URL): Promise<FastifyReply> {
    reply.header('cache-control', 'no-store');
    let status: number;
    let text: string;
    try {
      const response = await options.fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      reply.log.warn(
        { err: error, url: redactUrl(url.pathname + url.search) },
        'Proxy: provider request failed',
      );
      return timedOut
        ? reply.code(504).send({ error: `Provider did not answer within ${timeoutMs / 1000} s` })
        : reply.code(502).send({ error: 'Provider unavailable' });
    }
    if (isJson(text)) {
      // Relay the provider's own bytes: re-serialising could change what the client parses.
      return reply.code(status).type('application/json; charset=utf-8').send(text);
    }
    reply.log.warn(
      { status, url: redactUrl(url.pathname + url.search) },
      'Proxy: provider answered non-JSON',
    );
    // A client error (403 on restricted content, 404) stays meaningful even behind an HTML page.
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: `Provider answered HTTP ${status}` });
    }
    return reply.code(502).send({ error: 'Provider unavailable: unreadable answer' });
  }

  for (const name of PROXIED_PATH_NAMES) {
    app.get(PROXIED_PATHS[name].proxyPath, async (request, reply) => {
      const params = parseProxiedParams(name, request.params);
      const url = new URL(`${options.apiBase}${upstreamRequestPath(name, params)}`);
      return relay(reply, requireCaller(request).token, url);
    });
  }
  done();
};
