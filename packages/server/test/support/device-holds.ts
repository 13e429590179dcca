import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/schema';
import { SandboxTokenSource } from '../../src/alarm-worker/sandbox-token-source';
import { injectAs } from './inject-as';

// What the device alarm hold tests share: an app on a real sandbox (handed in: only integration
// tests may import it), its hold routes called with the demo parent's token, and the player's
// config read straight from the sandbox.

interface RunningSandbox {
  url: string;
  issueTokens(account: 'demo' | 'other'): Promise<{ access_token: string }>;
}

export interface HoldsApp {
  app: FastifyInstance;
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/** An app on `db` pointed at the sandbox; `deps` pins its clocks, fetch or token source. */
export async function startHoldsApp(
  sandbox: RunningSandbox,
  db: Kysely<Database>,
  options: { worker?: 'on' | 'off'; deps?: AppDeps; env?: NodeJS.ProcessEnv } = {},
): Promise<HoldsApp> {
  const config = loadConfig({
    ...options.env,
    SANDBOX_URL: sandbox.url,
    ALARM_WORKER: options.worker ?? 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-playlist-alarms-dist',
  });
  const app = await buildApp(config, {
    db,
    accessTokens: new SandboxTokenSource(sandbox.url),
    ...options.deps,
  });
  await app.ready();
  const { access_token } = await sandbox.issueTokens('demo');
  return {
    app,
    async call(method, url, body) {
      const response = await injectAs(app, access_token, method, url, body);
      return {
        status: response.statusCode,
        body: response.body === '' ? null : response.json<unknown>(),
      };
    },
  };
}

/** The player's config.alarms and online flag as the sandbox holds them now. */
export async function playerConfig(
  sandbox: RunningSandbox,
  deviceId: string,
): Promise<{ alarms: string[]; online: boolean }> {
  const { access_token } = await sandbox.issueTokens('demo');
  const client = new ProviderClient({
    apiBase: sandbox.url,
    getAccessToken: () => Promise.resolve(access_token),
  });
  const { device } = await client.getDeviceConfig(deviceId);
  return { alarms: device.config.alarms, online: device.online === true };
}

export const holdsUrl = (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/alarm-holds`;
