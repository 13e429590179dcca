// Lateness at the player: from each cloud alarm's wall-clock instant to
// the moment the player's broker delivers its card/start, over at least 200 alarms in a few minutes
// (a third of them bunched on one round minute, as 07:00 is), fired by the real server's worker
// through the sandbox's broker. The bar: p99 ≤ 250 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { loadConfig } from '@playlist-alarms/server/config';
import { newAlarmRow } from '@playlist-alarms/server/db/alarms-repository';
import { connectDatabase } from '@playlist-alarms/server/db/connect';
import { startServer } from '@playlist-alarms/server/start';
import { summarize } from './stats';
import type { Result } from './stats';

export const LATENESS_BUDGET_MS = 250;
const PLAYERS = ['demo-player-1', 'demo-player-2', 'demo-player-3'] as const;

export interface LatenessOptions {
  /** How many alarms (default 210). */
  alarms?: number;
  /** Over how long, after a 70 s lead-in so every alarm is armed and its player connected (default 150 s). */
  spreadMs?: number;
}

export interface LatenessReport {
  result: Result;
  fired: number;
  heard: number;
}

const uriSchema = (payload: Buffer): string | null => {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && 'uri' in parsed && typeof parsed.uri === 'string'
      ? parsed.uri
      : null;
  } catch {
    return null;
  }
};

export async function runLatenessBench(options: LatenessOptions = {}): Promise<LatenessReport> {
  const count = options.alarms ?? 210;
  const spreadMs = options.spreadMs ?? 150_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'playlist-alarms-lateness-'));
  const sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  try {
    for (const deviceId of PLAYERS) {
      await sandboxKnobs(sandbox.url).player(deviceId).setOnline(true);
    }
    const config = loadConfig({
      APP_MODE: 'demo',
      PORT: '0',
      DATA_DIR: dataDir,
      SANDBOX_URL: sandbox.url,
      // The bench's cards are made up (the player answers FAIL): what counts is when card/start lands.
      LOG_LEVEL: 'error',
    });
    const server = await startServer(config);
    // The server's own database, opened beside it as a second process would.
    const db = connectDatabase(config.database);
    try {
      const { access_token } = await sandbox.issueTokens('demo');
      const sub = decodeJwt(access_token).sub ?? '';
      // Where each card/start lands, as each player's broker delivers it.
      const heard = new Map<string, number>();
      const observers = await Promise.all(
        PLAYERS.map(async (deviceId) => {
          const client = await connectAs(sandbox.mqttUrl, deviceId, access_token);
          client.on('message', (_topic, payload) => {
            const uri = uriSchema(payload);
            if (uri) heard.set(uri.split('/').at(-1) ?? '', Date.now());
          });
          await client.subscribeAsync(`device/${deviceId}/command/card/start`);
          return client;
        }),
      );
      // The alarms, written as the API writes them but past its 10-per-account cap: one household
      // with hundreds of alarms stands for hundreds of households on three players' worth of links.
      const start = Math.ceil((Date.now() + 70_000) / 60_000) * 60_000;
      const due = Array.from({ length: count }, (_, i) =>
        i % 3 === 0 ? start : start + Math.round(((i + 1) / count) * spreadMs),
      );
      const now = new Date();
      const at = now.toISOString();
      await sql`insert into users (yoto_user_id, timezone, created_at, updated_at) values (${sub}, 'UTC', ${at}, ${at})
        on conflict (yoto_user_id) do nothing`.execute(db);
      for (const [i, instant] of due.entries()) {
        const when = new Date(instant);
        const row = newAlarmRow(
          sub,
          {
            yoto_device_id: PLAYERS[i % PLAYERS.length] ?? 'demo-player-1',
            device_name: 'Bench',
            alarm_name: `Lateness ${i}`,
            alarm_type: 'wakeup',
            playlist_id: `late${i}`,
            playlist_name: '',
            hour: when.getUTCHours(),
            minute: when.getUTCMinutes(),
            days: '1111111',
            volume: 5,
            is_enabled: true,
          },
          'UTC',
          now,
        );
        // Most are off the minute: the bench's instant, not the one the hour and minute give.
        await db
          .insertInto('alarms')
          .values({ ...row, next_fire_at: when.toISOString() })
          .execute();
      }
      // The worker's refresh (every few seconds) arms each alarm within its last minute.
      const last = Math.max(...due);
      while (Date.now() < last + 5_000) await sleep(1_000);
      await Promise.all(observers.map((client) => client.endAsync()));
      const lateness = due.flatMap((when, i) => {
        const arrived = heard.get(`late${i}`);
        return arrived === undefined ? [] : [arrived - when];
      });
      return {
        result: summarize(
          `lateness at the player: alarm instant → card/start delivered (${count} alarms)`,
          lateness,
          {
            budgetMs: LATENESS_BUDGET_MS,
            note: `${lateness.length}/${count} heard; a third on one round minute`,
          },
        ),
        fired: count,
        heard: lateness.length,
      };
    } finally {
      await db.destroy();
      await server.close();
    }
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
