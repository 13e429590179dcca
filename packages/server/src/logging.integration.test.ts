import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { startHttpServer } from './test-support/http-server';
import { testConfig } from './test-support/test-app';
import { startTestIssuer, type TestIssuer } from './test-support/test-issuer';

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
});
