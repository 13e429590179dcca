import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type ServerConfig } from '../../src/config';
import type { TestDatabase } from './test-databases';
import { createTokenCipher, type TokenCipher } from '../../src/sessions/token-cipher';

// The app in real mode with the sandbox as its provider, on a given test database. The test
// starts the sandbox (only integration tests may import it) and hands over its URL.

interface ProviderUnderTest {
  url: string;
}

export function sandboxConfig(
  sandbox: ProviderUnderTest,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const config = loadConfig({
    APP_MODE: 'real',
    PROVIDER_CLIENT_ID: 'playlist-alarms-demo',
    PROVIDER_AUTH_ISSUER: sandbox.url,
    PROVIDER_API_BASE: sandbox.url,
    PROVIDER_AUDIENCE: sandbox.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-session-')),
    WEB_DIST: path.join(os.tmpdir(), 'playlist-alarms-no-such-dist'),
    LOG_LEVEL: 'silent',
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  });
  return { ...config, ...overrides };
}

export interface SessionHarness {
  config: ServerConfig;
  app: FastifyInstance;
  db: TestDatabase['db'];
  /** The cipher of the app's key, so tests can read what is stored. */
  cipher: TokenCipher;
  /** Another app on the same database and key: a second replica. */
  replica(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function startSessionHarness(
  database: TestDatabase,
  sandbox: ProviderUnderTest,
  options: { deps?: AppDeps; config?: Partial<ServerConfig> } = {},
): Promise<SessionHarness> {
  const config = sandboxConfig(sandbox, options.config);
  const key = config.sessions.encryptionKey;
  if (key === null) throw new Error('the harness configures a key');
  const apps: FastifyInstance[] = [];
  const open = async () => {
    const app = await buildApp(config, { db: database.db, ...options.deps });
    apps.push(app);
    return app;
  };
  const app = await open();
  return {
    config,
    app,
    db: database.db,
    cipher: createTokenCipher(key),
    replica: open,
    async close() {
      for (const a of apps) await a.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
