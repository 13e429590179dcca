import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loopbackTwins } from './app-origins';
import { startSandbox, type RunningSandbox } from './sandbox';

// The sandbox serves the app's page alone: another site's page gets no CORS answer and no MQTT
// over WebSocket. Programs (no Origin header) still reach it, and it listens on loopback only.

const APP = 'http://localhost:8080';
const ELSEWHERE = 'https://evil.example';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ knobs: false });
  sandbox.allowAppOrigins(loopbackTwins(APP));
});
afterAll(async () => {
  await sandbox.close();
});

const preflight = (origin: string) =>
  fetch(`${sandbox.url}/device-v2/devices/mine`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });

/** 'open', or the HTTP status the upgrade was answered with. */
function upgrade(origin: string | undefined): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(sandbox.wsUrl, 'mqtt', origin === undefined ? {} : { origin });
    socket.once('open', () => {
      socket.terminate();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe("the sandbox's origins", () => {
  it('answers CORS for the app under both loopback names, and for no other site', async () => {
    for (const origin of [APP, 'http://127.0.0.1:8080']) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of [ELSEWHERE, 'http://localhost:8081', 'null']) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const simple = await fetch(`${sandbox.url}/.well-known/jwks.json`, { headers: { origin: ELSEWHERE } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the app send Authorization and PUT (the device config writes) from its own port', async () => {
    const answer = await fetch(`${sandbox.url}/device-v2/demo-player-1/config`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('lets the app open MQTT over WebSocket, refuses another site with 403, and lets programs in', async () => {
    expect(await upgrade(APP)).toBe('open');
    expect(await upgrade(ELSEWHERE)).toBe(403);
    expect(await upgrade('http://localhost:9999')).toBe(403);
    expect(await upgrade(undefined)).toBe('open');
  });

  it('follows a change of the app origins', async () => {
    sandbox.allowAppOrigins(['https://alarms.example']);
    try {
      expect(await upgrade(APP)).toBe(403);
      expect(await upgrade('https://alarms.example')).toBe('open');
    } finally {
      sandbox.allowAppOrigins(loopbackTwins(APP));
    }
  });

  it('listens on loopback by default', () => {
    expect(new URL(sandbox.url).hostname).toBe('127.0.0.1');
    expect(new URL(sandbox.mqttUrl).hostname).toBe('127.0.0.1');
  });

  it('names both loopback twins, and a public origin alone', () => {
    expect(loopbackTwins('http://127.0.0.1:8080/')).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
    ]);
    expect(loopbackTwins('https://alarms.example/app')).toEqual(['https://alarms.example']);
  });
});
