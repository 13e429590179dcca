import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cloudAlarmListSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { FAULT_HOLD_ANNOUNCEMENT, type FaultHoldPoint } from '../../src/alarm-worker/fault-hold';
import { connectDatabase } from '../../src/db/connect';
import { findFiring } from '../../src/db/firings-repository';
import type { Database } from '../../src/db/schema';
import { createFreshPostgresDatabase, type FreshPostgresDatabase } from '../support/fresh-postgres-database';
import { callWithSession, createWakeUpOverHttp, signInOverHttp } from '../support/http-sign-in';
import { eventually, observePlayer, playableCardId } from '../support/sandbox-fixture';
import { killAll, startServerProcess, type ServerProcess } from '../support/server-process';

// No ringing lost to a dying replica (docs/decisions/firing-leases.md): three real server processes
// on one PostgreSQL database and the real sandbox. Every replica runs with ALARM_WORKER_FAULT_HOLD,
// so whichever claims the firing announces it on stdout and holds at that point; the test SIGKILLs
// exactly that process there. Another replica takes the firing over once its lease lapses, asks the
// player what it plays, and either rings (killed before card/start) or records played without a
// second card/start (killed after it). The player starts the card once; the receipt says played.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TAKE_OVER_BUDGET_MS = 5_000;

let sandbox: RunningSandbox;
let database: FreshPostgresDatabase | undefined;
let db: Kysely<Database> | undefined;
let dataDir: string;
let cardId: string;
let cookie = '';
const key = crypto.randomBytes(32);
let replicas: ServerProcess[] = [];
let migrated = false;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  cardId = await playableCardId(sandbox);
  database = await createFreshPostgresDatabase('takeover');
  db = connectDatabase({ kind: 'postgres', url: database.url });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-takeover-'));
}, 60_000);

afterEach(async () => {
  await killAll(replicas);
  replicas = [];
}, 30_000);

afterAll(async () => {
  await killAll(replicas);
  await db?.destroy();
  await database?.dispose();
  await sandbox?.close();
  if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Three replicas on the shared database, each holding at `point` of any firing it claims. */
async function startFleet(point: FaultHoldPoint): Promise<void> {
  const env = {
    SANDBOX_URL: sandbox.url,
    DATABASE_URL: database?.url ?? '',
    TOKEN_ENCRYPTION_KEY: key.toString('base64'),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ALARM_WORKER_FAULT_HOLD: point,
  };
  // One first, so the migrations run once; then the others on the migrated database.
  if (!migrated) replicas.push(await startServerProcess(env));
  migrated = true;
  while (replicas.length < 3) {
    replicas.push(
      ...(await Promise.all([1, 2, 3].slice(replicas.length).map(() => startServerProcess(env)))),
    );
  }
  if (cookie === '') cookie = await signInOverHttp(replicas[0]!.url);
}

/** A wake-up alarm for `player`, made through the API, due in `inMs` (set directly: alarms are minute-grained). */
async function alarmDueSoon(player: string, inMs: number): Promise<{ id: string; dueAt: string }> {
  if (db === undefined) throw new Error('no database');
  const id = await createWakeUpOverHttp(replicas[1]!.url, cookie, player, cardId);
  const dueAt = new Date(Date.now() + inMs).toISOString();
  await db.updateTable('alarms').set({ next_fire_at: dueAt }).where('id', '=', id).execute();
  return { id, dueAt };
}

/** The replica that announced its hold at `point`, and the worker id it printed. */
async function claimant(point: FaultHoldPoint): Promise<{ replica: ServerProcess; workerId: string }> {
  const pattern = new RegExp(`${FAULT_HOLD_ANNOUNCEMENT} ${point} pid=\\d+ worker=(\\S+)`);
  return eventually(() => {
    for (const replica of replicas) {
      const workerId = pattern.exec(replica.output())?.[1];
      if (workerId !== undefined) return Promise.resolve({ replica, workerId });
    }
    return Promise.resolve(undefined);
  }, 30_000);
}

/** The alarm's receipt as the app reads it (GET /api/alarms on a surviving replica), once written. */
async function receiptOf(survivor: ServerProcess, alarmId: string) {
  return eventually(async () => {
    const list = await callWithSession(survivor.url, 'GET', '/api/alarms', cookie);
    const alarm = cloudAlarmListSchema.parse(list.body).alarms.find((a) => a.id === alarmId);
    return alarm?.last_outcome ? alarm : undefined;
  }, 20_000);
}

describe('a replica killed between its claim and the receipt: another takes the firing over', () => {
  it('killed before card/start: a survivor rings within 5 s; the player starts the card once; played', async () => {
    if (db === undefined) throw new Error('no database');
    const player = 'demo-player-1';
    await startFleet('after-claim');
    expect((await sandboxKnobs(sandbox.url).player(player).state()).playbackStatus).not.toBe('playing');
    const observer = await observePlayer(sandbox, connectAs, player);
    try {
      // Every replica's 5 s refresh arms it well before it is due.
      const alarm = await alarmDueSoon(player, 8_000);
      const held = await claimant('after-claim');
      expect(observer.commands('card/start')).toEqual([]); // nothing went to the player yet
      await held.replica.kill('SIGKILL');
      const killedAt = Date.now();
      const survivor = replicas.find((r) => !r.exited)!;

      const [start] = await eventually(() => {
        const starts = observer.commands('card/start');
        return Promise.resolve(starts.length > 0 ? starts : undefined);
      }, 15_000);
      const tookMs = (start?.atMs ?? Infinity) - killedAt;
      console.log(`killed before card/start: card/start from the taker ${tookMs} ms after the SIGKILL`);
      expect(tookMs).toBeLessThan(TAKE_OVER_BUDGET_MS);
      // Before sending anything, the taker asked the player what it plays: its events/request came
      // before its card/start.
      const afterKill = observer.heard
        .filter((h) => h.atMs > killedAt && h.topic.includes('/command/'))
        .map((h) => h.topic.replace(`device/${player}/command/`, ''));
      expect(afterKill).toContain('card/start');
      expect(afterKill.slice(0, afterKill.indexOf('card/start'))).toContain('events/request');

      const receipt = await receiptOf(survivor, alarm.id);
      expect(receipt).toMatchObject({ last_outcome: 'played', last_fired_at: alarm.dueAt });
      await eventually(() => Promise.resolve(observer.responses('card').length > 0 ? true : undefined));
      await pause(2_000); // a second card/start would have arrived by now
      expect(observer.commands('card/start')).toHaveLength(1);
      expect(observer.responses('card')).toHaveLength(1);
      const state = await sandboxKnobs(sandbox.url).player(player).state();
      expect(state).toMatchObject({ cardId, playbackStatus: 'playing' });
      const firing = await findFiring(db, alarm.id, alarm.dueAt);
      expect(firing).toMatchObject({ claimed_by: held.workerId, outcome: 'played' });
      expect(firing?.lease_owner).not.toBe(held.workerId);
    } finally {
      await observer.close();
    }
  }, 90_000);

  it('killed after card/start, before its receipt: the taker finds the card playing and records played, sending no second card/start', async () => {
    if (db === undefined) throw new Error('no database');
    const player = 'demo-player-2';
    await startFleet('after-card-start');
    expect((await sandboxKnobs(sandbox.url).player(player).state()).playbackStatus).not.toBe('playing');
    const observer = await observePlayer(sandbox, connectAs, player);
    try {
      const alarm = await alarmDueSoon(player, 8_000);
      const held = await claimant('after-card-start');
      await eventually(() => Promise.resolve(observer.commands('card/start').length > 0 ? true : undefined));
      await held.replica.kill('SIGKILL');
      const killedAt = Date.now();
      const survivor = replicas.find((r) => !r.exited)!;
      expect((await findFiring(db, alarm.id, alarm.dueAt))?.outcome).toBeNull();

      const receipt = await receiptOf(survivor, alarm.id);
      const firing = await findFiring(db, alarm.id, alarm.dueAt);
      const tookMs = Date.parse(firing?.outcome_at ?? '') - killedAt;
      console.log(`killed after card/start: receipt from the taker ${tookMs} ms after the SIGKILL`);
      expect(tookMs).toBeLessThan(TAKE_OVER_BUDGET_MS);
      expect(receipt).toMatchObject({ last_outcome: 'played', last_fired_at: alarm.dueAt });
      expect(firing).toMatchObject({
        claimed_by: held.workerId,
        outcome: 'played',
        detail: 'taken over after its process stopped: the player was already playing the card',
      });
      expect(firing?.lease_owner).not.toBe(held.workerId);

      await pause(2_000); // a second card/start would have arrived by now
      expect(observer.commands('card/start')).toHaveLength(1);
      // The taker asked the player (events/request; status/request too when it opened its link to
      // the player only now, the player being another replica's) and sent nothing else after the kill.
      const afterKill = observer.heard.filter((h) => h.atMs > killedAt && h.topic.includes('/command/'));
      const asked = new Set(afterKill.map((h) => h.topic.replace(`device/${player}/command/`, '')));
      expect(asked).toContain('events/request');
      expect([...asked].filter((topic) => topic !== 'events/request' && topic !== 'status/request')).toEqual(
        [],
      );
      expect(await sandboxKnobs(sandbox.url).player(player).state()).toMatchObject({
        cardId,
        playbackStatus: 'playing',
      });
    } finally {
      await observer.close();
    }
  }, 90_000);
});
