import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { HSTS } from './security-headers';
import { testConfig } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';

let issuer: TestIssuer;
let webDist: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-csp-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>t</title>');
});
afterAll(async () => {
  await issuer.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function app(change: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const base = testConfig({ issuerUrl: issuer.url, apiBase: 'https://api.provider.test/v1', webDist });
  const config: ServerConfig = {
    ...base,
    provider: {
      ...base.provider,
      authIssuer: 'https://login.provider.test',
      brokerUrl: 'wss://broker.provider.test/mqtt',
    },
    ...change,
  };
  const built = await buildApp(config);
  apps.push(built);
  return built;
}

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('put a CSP without inline script on the web app, the API, errors and 404s', async () => {
    const server = await app();
    const answers = await Promise.all(
      ['/', '/alarms', '/api/config', '/api/nope', '/api/yoto/content/abc'].map((url) =>
        server.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404, 401]);
    for (const answer of answers) {
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // Only the app, the provider's API and the broker: never the login host, which the page
      // does not call (who is signed in comes from the server's session).
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://api.provider.test',
        'wss://broker.provider.test',
      ]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('list the broker of a demo sandbox (ws://) and its http image host', async () => {
    const base = testConfig({ issuerUrl: issuer.url, webDist });
    const server = await app({
      provider: {
        ...base.provider,
        apiBase: 'http://127.0.0.1:18090',
        brokerUrl: 'ws://127.0.0.1:18090/mqtt',
      },
    });
    const csp = directives(
      (await server.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp.get('connect-src')).toContain('ws://127.0.0.1:18090');
    expect(csp.get('img-src')).toContain('http://127.0.0.1:18090');
  });

  it('send HSTS only for HTTPS, which behind a proxy only TRUST_PROXY lets the server believe', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const untrusting = await app();
    expect(
      (await untrusting.inject({ method: 'GET', url: '/api/config', headers: https })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    const trusting = await app({ trustProxy: true });
    expect(
      (await trusting.inject({ method: 'GET', url: '/api/config', headers: https })).headers[
        'strict-transport-security'
      ],
    ).toBe(HSTS);
    expect(
      (await trusting.inject({ method: 'GET', url: '/api/config' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});
