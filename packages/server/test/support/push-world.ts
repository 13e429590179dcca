import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type AppDeps } from '../../src/app';
import { SandboxTokenSource } from '../../src/alarm-worker/sandbox-token-source';
import { loadConfig } from '../../src/config';
import { migrateToLatest } from '../../src/db/migrations';
import type { AlarmsTable, Database } from '../../src/db/schema';
import { alarmNotPlayedNotification } from '@playlist-alarms/core/notifications/notification-builders';
import { startLocalPushService, type BrowserSubscription, type LocalPushService } from './local-push-service';
import { playableCardId } from './sandbox-fixture';
import type { TestDatabase } from './test-databases';
import { vapidEnv } from './vapid-env';
import { injectAs } from './inject-as';

// What the push integration tests share (docs/testing.md): a file's sandbox and local push
// service, and each test's world on them: a fresh migrated database, VAPID keys the push service
// checks, a data folder, the apps (replicas) started on it with their log lines, and a parent
// signed up through the API with a subscribed browser. Everything a world made, it closes. Only
// *.integration.test.ts files may import the sandbox, so they hand in its start (and reset its
// knobs themselves).

/** The parts of @playlist-alarms/sandbox's RunningSandbox used here. */
export interface PushSandbox {
  url: string;
  mqttUrl: string;
  issueTokens(account: 'demo' | 'demo-2' | 'other'): Promise<{ access_token: string }>;
  close(): Promise<void>;
}

export interface PushServices {
  readonly sandbox: PushSandbox;
  readonly push: LocalPushService;
  /** A card the sandbox's demo parent can play. */
  readonly cardId: string;
}

/** Starts the sandbox and the push service before the file's tests and stops them after. */
export function usePushServices(startSandbox: () => Promise<PushSandbox>): PushServices {
  let started: PushServices | null = null;
  beforeAll(async () => {
    const sandbox = await startSandbox();
    const push = await startLocalPushService();
    started = { sandbox, push, cardId: await playableCardId(sandbox) };
  });
  afterAll(async () => {
    await started?.push.close();
    await started?.sandbox.close();
  });
  const get = (): PushServices => {
    if (started === null) throw new Error('the push services start in beforeAll');
    return started;
  };
  return {
    get sandbox() {
      return get().sandbox;
    },
    get push() {
      return get().push;
    },
    get cardId() {
      return get().cardId;
    },
  };
}

export interface AppOptions {
  /** ALARM_WORKER on (the worker, its sweep and the push runners) or off. */
  worker?: boolean;
  deps?: AppDeps;
  /** The app's LOG_LEVEL (default: the config's). */
  logLevel?: string;
}

export interface ParentOptions {
  account?: 'demo' | 'demo-2' | 'other';
  /** What is posted as the subscription (default: a new browser of the push service). */
  browser?: BrowserSubscription & { kinds?: readonly string[] };
  /** Quiet hours to set; 'none' (the default) sets start equal to end, so a test runs at any hour; 'default' sets nothing. */
  quietHours?: { start: string; end: string } | 'none' | 'default';
  /** Also POST /api/users with this zone first. */
  timezone?: string;
  /** Also GET /api/alarms, so the server asks the provider for the parent's players. */
  listPlayers?: boolean;
}

export class PushWorld {
  /** Every app's log lines, in order. */
  readonly lines: string[] = [];
  readonly env: Record<string, string>;
  private readonly apps: FastifyInstance[] = [];
  private readonly extraDbs: Kysely<Database>[] = [];

  private constructor(
    private readonly services: PushServices,
    readonly test: TestDatabase,
    readonly dataDir: string,
  ) {
    this.env = vapidEnv(services.push.host);
  }

  /** A world on a fresh database (migrated). */
  static async open(services: PushServices, database: () => TestDatabase | Promise<TestDatabase>) {
    const test = await database();
    await migrateToLatest(test.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-push-'));
    return new PushWorld(services, test, dataDir);
  }

  /** Another connection to the world's database (a replica's), closed with the world. */
  connectAgain(): Kysely<Database> {
    const db = this.test.connectAgain();
    this.extraDbs.push(db);
    return db;
  }

  /** An app (a replica) on the world's database unless `deps.db` names another connection. */
  async startApp(options: AppOptions = {}): Promise<FastifyInstance> {
    const config = loadConfig({
      ...this.env,
      SANDBOX_URL: this.services.sandbox.url,
      DATA_DIR: this.dataDir,
      ALARM_WORKER: options.worker === true ? 'on' : 'off',
      ...(options.logLevel === undefined ? {} : { LOG_LEVEL: options.logLevel }),
      WEB_DIST: '/nonexistent-playlist-alarms-dist',
    });
    const app = await buildApp(config, {
      db: this.test.db,
      accessTokens: new SandboxTokenSource(this.services.sandbox.url),
      logStream: { write: (line) => void this.lines.push(line) },
      ...options.deps,
    });
    this.apps.push(app);
    return app;
  }

  /** Closes one app now (its worker's last receipts and news are done when this resolves). */
  async closeApp(app: FastifyInstance): Promise<void> {
    this.apps.splice(this.apps.indexOf(app), 1);
    await app.close();
  }

  /** Signs a parent up through the API: their browser subscribed, quiet hours as asked. */
  async parent(server: FastifyInstance, options: ParentOptions = {}): Promise<BrowserSubscription> {
    const { access_token } = await this.services.sandbox.issueTokens(options.account ?? 'demo');
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const answer = await injectAs(server, access_token, method, url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
    };
    if (options.timezone !== undefined) await call('POST', '/api/users', { timezone: options.timezone });
    const browser = options.browser ?? this.services.push.subscribe();
    await call('POST', '/api/push/subscriptions', browser);
    const quiet = options.quietHours ?? 'none';
    if (quiet !== 'default')
      await call('PUT', '/api/push/settings', {
        quietHours: quiet === 'none' ? { start: '00:00', end: '00:00' } : quiet,
      });
    if (options.listPlayers === true) await call('GET', '/api/alarms');
    return browser;
  }

  async close(): Promise<void> {
    for (const app of this.apps.splice(0)) await app.close();
    for (const db of this.extraDbs.splice(0)) await db.destroy();
    await this.test.dispose();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * What a parent's browser receives when `alarm`'s firing at `dueAt` ended `outcome`, built by
 * core's rule as the server builds it at `at`, and the notification it came from.
 */
export function notPlayedMessage(
  alarm: AlarmsTable,
  dueAt: string,
  outcome: AlarmsTable['last_outcome'],
  at: Date,
) {
  const notification = alarmNotPlayedNotification(
    { ...alarm, last_fired_at: dueAt, last_outcome: outcome },
    at,
  );
  const message = {
    kind: 'alarm-not-played',
    title: notification?.title,
    body: notification?.body,
    url: '/?view=alarms',
    tag: `alarm-not-played:${alarm.id}:${dueAt}`,
  };
  return { notification, message };
}
