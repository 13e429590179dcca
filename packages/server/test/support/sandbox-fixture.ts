import type { Kysely } from 'kysely';
import { cloudAlarmCreateSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { z } from 'zod';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createAlarm } from '../../src/db/alarms-repository';
import type { Database } from '../../src/db/schema';
import { SandboxTokenSource } from '../../src/alarm-worker/sandbox-token-source';

// What the worker's integration tests share: a real sandbox, apps pointed at it, the demo
// account's playable card, and an observer that records what a player is sent and answers.
// Only *.integration.test.ts files may import the sandbox, so they hand it (and its MQTT test
// client) in.

/** The parts of @playlist-alarms/sandbox's RunningSandbox used here. */
interface RunningSandbox {
  url: string;
  mqttUrl: string;
  issueTokens(account: 'demo' | 'demo-2' | 'other'): Promise<{ access_token: string }>;
}

interface ObserverClient {
  subscribeAsync(topics: string[]): Promise<unknown>;
  on(event: 'message', handler: (topic: string, payload: Buffer) => void): unknown;
  endAsync(): Promise<void>;
}
type ConnectAs = (brokerUrl: string, deviceId: string, token: string) => Promise<ObserverClient>;

export const DEMO_USER = 'auth0|demo-parent';

/** A server process's app on `db`, pointed at the sandbox, its worker minting sandbox tokens. */
export async function buildWorkerApp(
  sandbox: RunningSandbox,
  db: Kysely<Database>,
  worker: 'on' | 'off',
  env: NodeJS.ProcessEnv = {},
  deps: Pick<AppDeps, 'workerClock'> = {},
) {
  const config = loadConfig({
    ...env,
    SANDBOX_URL: sandbox.url,
    ALARM_WORKER: worker,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-playlist-alarms-dist',
  });
  const app = await buildApp(config, { db, accessTokens: new SandboxTokenSource(sandbox.url), ...deps });
  await app.ready();
  return app;
}

const cardsSchema = z.object({ cards: z.array(z.object({ cardId: z.string(), title: z.string() })) });

/** The card id of the demo account's "Good Morning Songs". */
export async function playableCardId(sandbox: RunningSandbox): Promise<string> {
  const { access_token } = await sandbox.issueTokens('demo');
  const response = await fetch(`${sandbox.url}/content/mine`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const { cards } = cardsSchema.parse(await response.json());
  const card = cards.find((c) => c.title === 'Good Morning Songs');
  if (card === undefined) throw new Error('The sandbox has no "Good Morning Songs"');
  return card.cardId;
}

/**
 * An alarm due at `dueAt` (set directly: alarms are minute-grained, tests are not), the demo
 * user's unless `userId` names another creator.
 */
export async function alarmDueAt(
  db: Kysely<Database>,
  dueAt: Date,
  fields: { deviceId: string; cardId: string; volume?: number; userId?: string },
): Promise<string> {
  const now = new Date();
  const body = cloudAlarmCreateSchema.parse({
    yoto_device_id: fields.deviceId,
    alarm_type: 'wakeup',
    playlist_id: fields.cardId,
    playlist_name: 'Good Morning Songs',
    hour: now.getUTCHours(),
    minute: now.getUTCMinutes(),
    days: '1111111',
    volume: fields.volume ?? 6,
  });
  const row = await createAlarm(db, fields.userId ?? DEMO_USER, body, now);
  await db
    .updateTable('alarms')
    .set({ next_fire_at: dueAt.toISOString() })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

interface Heard {
  topic: string;
  payload: unknown;
  atMs: number;
}

/** Records every command sent to the player and every response it publishes. */
export async function observePlayer(sandbox: RunningSandbox, connectAs: ConnectAs, deviceId: string) {
  const { access_token } = await sandbox.issueTokens('demo');
  const client = await connectAs(sandbox.mqttUrl, deviceId, access_token);
  await client.subscribeAsync([
    `device/${deviceId}/command/+`,
    `device/${deviceId}/command/+/+`,
    `device/${deviceId}/response`,
  ]);
  const heard: Heard[] = [];
  client.on('message', (topic, payload) => {
    const text = payload.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // keep the raw text
    }
    heard.push({ topic, payload: parsed, atMs: Date.now() });
  });
  const commands = (name: string) => heard.filter((h) => h.topic === `device/${deviceId}/command/${name}`);
  /** The player's own reports: responses keyed by the command it received. */
  const responses = (key: string) =>
    heard.filter((h) => {
      if (h.topic !== `device/${deviceId}/response`) return false;
      const status = (h.payload as { status?: Record<string, unknown> } | null)?.status;
      return status !== undefined && key in status;
    });
  return { heard, commands, responses, close: () => client.endAsync() };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
