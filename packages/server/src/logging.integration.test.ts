import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { redactUrl } from './log-redaction';
import { startHttpServer } from '../test/support/http-server';
import { testConfig } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';

// Provider tokens must never reach the log, whatever path a request takes.

let issuer: TestIssuer;
let downUrl: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  const down = await startHttpServer(() => undefined);
  downUrl = down.url;
  await down.close();
});
afterAll(async () => {
  await issuer.close();
});

describe('logging', () => {
  it('logs requests and failures at LOG_LEVEL without the bearer token', async () => {
    const lines: string[] = [];
    const config = { ...testConfig({ issuerUrl: issuer.url, apiBase: downUrl }), logLevel: 'trace' as const };
    const app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    const token = await issuer.sign();
    try {
      const proxied = await app.inject({
        method: 'GET',
        url: '/api/yoto/content/abc',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(proxied.statusCode).toBe(502);
      const refused = await app.inject({
        method: 'GET',
        url: '/api/yoto/content/abc',
        headers: { authorization: 'Bearer not.a-valid.token-value' },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('Proxy: provider request failed');
    expect(log).toContain('/api/yoto/content/abc');
    expect(log).not.toContain(token);
    expect(log).not.toContain('not.a-valid.token-value');
  });

  it('keeps tokens, OAuth codes and cookies out of a trace-level log of real HTTP requests', async () => {
    const lines: string[] = [];
    const config = { ...testConfig({ issuerUrl: issuer.url, apiBase: downUrl }), logLevel: 'trace' as const };
    const app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    const token = await issuer.sign();
    const secrets = {
      code: 'oauth-code-4f1d9c',
      state: 'oauth-state-77ab',
      refresh: 'refresh-token-9e2b',
      cookie: 'session-cookie-51c0',
      query: 'query-token-0d3e',
    };
    // A route that logs everything a careless handler might: the headers and a token response.
    app.get('/api/test/log-dump', (request) => {
      request.log.trace(
        {
          headers: request.headers,
          body: { access_token: token, refresh_token: secrets.refresh, code: secrets.code },
          tokens: { access_token: token, id_token: token },
        },
        'dump for the test',
      );
      request.log.debug({ access_token: token, code: secrets.code }, 'top-level fields');
      return Promise.resolve({ ok: true });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const bearer = { authorization: `Bearer ${token}`, cookie: `session=${secrets.cookie}` };
    try {
      // The OAuth callback lands on the app's page with the code and state in the URL.
      await fetch(`${base}/?code=${secrets.code}&state=${secrets.state}`, { headers: bearer });
      const dump = await fetch(`${base}/api/test/log-dump?access_token=${secrets.query}`, {
        headers: bearer,
      });
      expect(dump.status).toBe(200);
      const proxied = await fetch(`${base}/api/yoto/content/abc?token=${secrets.query}`, { headers: bearer });
      expect(proxied.status).toBe(502);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    // The requests were logged, at every level down to trace…
    expect(log).toContain('"level":10');
    expect(log).toContain('dump for the test');
    expect(log).toContain('"url":"/?code=[redacted]&state=[redacted]"');
    expect(log).toContain('/api/yoto/content/abc');
    // …without any secret they carried.
    for (const secret of [token, ...Object.values(secrets)]) expect(log).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('masks sensitive query values and keeps the rest', () => {
    expect(redactUrl('/cb?code=abc&state=xyz&lang=en#top')).toBe(
      '/cb?code=[redacted]&state=[redacted]&lang=en#top',
    );
    expect(redactUrl('/api/yoto/content/abc?playable=true')).toBe('/api/yoto/content/abc?playable=true');
    expect(redactUrl('/x?Access_Token=t&refresh_token=r')).toBe(
      '/x?Access_Token=[redacted]&refresh_token=[redacted]',
    );
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});
