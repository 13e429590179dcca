import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type ServerConfig } from '../../src/config';
import { TEST_AUDIENCE } from './test-issuer';

interface TestAppOptions {
  issuerUrl: string;
  apiBase?: string;
  webDist?: string;
  /** More of the environment (VAPID_*, PUSH_ENDPOINT_HOSTS…). */
  env?: NodeJS.ProcessEnv;
}

/** A real-mode configuration pointing at test servers, with its own temp data folder. */
export function testConfig(options: TestAppOptions): ServerConfig {
  return loadConfig({
    APP_MODE: 'real',
    PROVIDER_CLIENT_ID: 'test-client',
    PROVIDER_AUTH_ISSUER: options.issuerUrl,
    PROVIDER_API_BASE: options.apiBase ?? options.issuerUrl,
    PROVIDER_AUDIENCE: TEST_AUDIENCE,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-app-')),
    WEB_DIST: options.webDist ?? path.join(os.tmpdir(), 'playlist-alarms-no-such-dist'),
    LOG_LEVEL: 'silent',
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    // The API tests pin their own clock; the worker's tests start it themselves.
    ALARM_WORKER: 'off',
    ...options.env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The full app on a fresh SQLite file; close() also deletes the data folder. */
export async function buildTestApp(options: TestAppOptions, deps: AppDeps = {}): Promise<TestApp> {
  const config = testConfig(options);
  const app = await buildApp(config, deps);
  return {
    app,
    config,
    async close() {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
