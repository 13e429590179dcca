import { RING_LEAD_MS } from '@playlist-alarms/core/cloud/alarm-firing';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronStatusSchema } from '@playlist-alarms/core/cloud/alarm-firing-schemas';
import { cloudAlarmListSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { connectAs } from '@playlist-alarms/sandbox/test/support/mqtt-test-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { DEMO_USER, eventually, observePlayer, playableCardId } from '../support/sandbox-fixture';
import { connectDatabase } from '../../src/db/connect';
import type { Database } from '../../src/db/schema';
import { liveSessionSchema } from '../support/live-session';
import { createTokenCipher } from '../../src/sessions/token-cipher';
import { createFreshPostgresDatabase, type FreshPostgresDatabase } from '../support/fresh-postgres-database';
import { callWithSession, createWakeUpOverHttp, signInOverHttp } from '../support/http-sign-in';
import { killAll, startServerProcess, type ServerProcess } from '../support/server-process';

// Scale-out (docs/architecture.md), as README's "Running it as a fleet" runs it: a sandbox and three real
// server processes (`src/main.ts`) on one PostgreSQL database with one TOKEN_ENCRYPTION_KEY. A
// session made on one replica holds on the others; alarms due while a replica is SIGKILLed ring
// each player once, and the receipt says so. Then a pg_dump of the shared database holds no token.

const PLAYERS = ['demo-player-1', 'demo-player-2', 'demo-player-3'];
const CRON_SECRET = 'fleet-test-cron-secret';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sandbox: RunningSandbox;
let database: FreshPostgresDatabase | undefined;
let db: Kysely<Database> | undefined;
let dataDir: string;
const key = crypto.randomBytes(32);
const replicas: ServerProcess[] = [];
/** Every secret that went by (tokens, the session id): none may be in the dump. */
const secrets = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  database = await createFreshPostgresDatabase('fleet');
  db = connectDatabase({ kind: 'postgres', url: database.url });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-fleet-'));
  const env = {
    SANDBOX_URL: sandbox.url,
    DATABASE_URL: database.url,
    TOKEN_ENCRYPTION_KEY: key.toString('base64'),
    CRON_SECRET,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
  };
  // One first, so the migrations run once; then two more on the migrated database.
  replicas.push(await startServerProcess(env));
  replicas.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
}, 90_000);

afterAll(async () => {
  await killAll(replicas);
  await db?.destroy();
  await database?.dispose();
  await sandbox?.close();
  if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const [A, B, C] = [0, 1, 2].map((i) => () => {
  const replica = replicas[i];
  if (replica === undefined) throw new Error(`replica ${i} did not start`);
  return replica.url;
}) as [() => string, () => string, () => string];

async function sessionOn(url: string, cookie: string) {
  const answer = await callWithSession(url, 'GET', '/api/session', cookie);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return liveSessionSchema.parse(answer.body);
}

/** The pair stored for the demo user, decrypted with the fleet's key. */
async function storedTokens(): Promise<{ access: string; refresh: string }> {
  if (db === undefined) throw new Error('no database');
  const row = await db
    .selectFrom('users')
    .select(['access_token_enc', 'refresh_token_enc'])
    .where('yoto_user_id', '=', DEMO_USER)
    .executeTakeFirstOrThrow();
  const cipher = createTokenCipher(key);
  const access = cipher.decrypt(row.access_token_enc ?? '', 'token');
  const refresh = cipher.decrypt(row.refresh_token_enc ?? '', 'token');
  if (access === null || refresh === null) throw new Error('the stored tokens do not decrypt');
  return { access, refresh };
}

describe('three server processes on one PostgreSQL database', () => {
  let cookie = '';

  it('a session made on replica A is accepted by B and C; a refresh on B is seen by C', async () => {
    // Tokens issued at sign-in live 30 s: inside the 60 s refresh margin, so B's call refreshes.
    await sandboxKnobs(sandbox.url).setTokenLifetime(30);
    cookie = await signInOverHttp(A());
    await sandboxKnobs(sandbox.url).setTokenLifetime(null);
    secrets.add(cookie.replace(/^pa_session=/, ''));
    const atSignIn = await storedTokens();

    const onB = await sessionOn(B(), cookie);
    expect(onB.user.id).toBe(DEMO_USER);
    const refreshed = await storedTokens();
    expect(onB.accessToken).toBe(refreshed.access);
    expect(refreshed.access).not.toBe(atSignIn.access); // B refreshed the pair for everyone
    expect(refreshed.refresh).not.toBe(atSignIn.refresh); // and spent the single-use refresh token
    for (const t of [atSignIn.access, atSignIn.refresh, refreshed.access, refreshed.refresh]) secrets.add(t);

    // A (where the session began) and C read the pair B stored: no second refresh.
    expect(await sessionOn(A(), cookie)).toEqual(onB);
    expect(await sessionOn(C(), cookie)).toEqual(onB);
    expect((await callWithSession(C(), 'GET', '/api/alarms', cookie)).status).toBe(200);
    expect((await callWithSession(C(), 'GET', '/api/session', 'pa_session=forged')).status).toBe(401);
    expect(secrets.size).toBe(5);
  });

  it('alarms due while a replica is SIGKILLed ring each player once, and the receipts say played', async () => {
    if (db === undefined) throw new Error('no database');
    const cardId = await playableCardId(sandbox);
    // Grandma's player starts offline in the sandbox's household: switch it on.
    expect((await sandboxKnobs(sandbox.url).player('demo-player-3').setOnline(true)).online).toBe(true);
    const observers = await Promise.all(PLAYERS.map((p) => observePlayer(sandbox, connectAs, p)));
    try {
      // Made through the API with the cookie, each on another replica.
      const ids: string[] = [];
      for (const [i, player] of PLAYERS.entries()) {
        ids.push(await createWakeUpOverHttp([A, B, C][i]!(), cookie, player, cardId));
      }
      // Alarms are minute-grained; make them due seconds from now, 400 ms apart (as the worker
      // tests do). Every replica's 5 s refresh arms them well before the first is due.
      const firstDue = Date.now() + 9_000;
      const dueAt = ids.map((_, i) => new Date(firstDue + i * 400).toISOString());
      for (const [i, id] of ids.entries()) {
        await db.updateTable('alarms').set({ next_fire_at: dueAt[i]! }).where('id', '=', id).execute();
      }

      // A dies just before the first alarm: before its timers' lead (RING_LEAD_MS, when the claim and
      // volume/set go), with every alarm armed on every replica.
      await pause(firstDue - RING_LEAD_MS - 300 - Date.now());
      await replicas[0]!.kill('SIGKILL');
      expect(replicas[0]!.exited).toBe(true);

      const receipts = await eventually(async () => {
        const list = await callWithSession(B(), 'GET', '/api/alarms', cookie);
        const { alarms } = cloudAlarmListSchema.parse(list.body);
        return alarms.every((a) => a.last_outcome !== null) ? alarms : undefined;
      }, 30_000);
      // The players' own answers to card/start may trail their events (which made the receipt).
      await eventually(() =>
        Promise.resolve(observers.every((o) => o.responses('card').length > 0) ? true : undefined),
      );
      await pause(2_000); // a late second card/start would have arrived by now
      const starts = observers.map((o) => o.commands('card/start').length);
      console.log(`card/start per player (${PLAYERS.join(', ')}): ${starts.join(', ')}`);
      expect(starts).toEqual([1, 1, 1]);
      expect(observers.map((o) => o.responses('card').length)).toEqual([1, 1, 1]);
      for (const [i, id] of ids.entries()) {
        expect(receipts.find((a) => a.id === id)).toMatchObject({
          last_outcome: 'played',
          last_fired_at: dueAt[i],
        });
      }
      // One claim per alarm (the primary key of alarm_firings), each with its receipt.
      const firings = await db.selectFrom('alarm_firings').selectAll().execute();
      expect(firings.map((f) => f.outcome)).toEqual(['played', 'played', 'played']);

      // The survivors report the same shared counts on /api/cron/status (with the secret only).
      for (const url of [B(), C()]) {
        expect((await fetch(`${url}/api/cron/status`)).status).toBe(401);
        const status = await fetch(`${url}/api/cron/status`, {
          headers: { authorization: `Bearer ${CRON_SECRET}` },
        });
        expect(status.status).toBe(200);
        const body = cronStatusSchema.parse(await status.json());
        expect(body.counts).toMatchObject({ enabled_alarms: 3, last_24h: { played: 3 } });
      }
    } finally {
      await Promise.all(observers.map((o) => o.close()));
    }
  }, 60_000);

  it('a pg_dump of the shared database holds no access token, refresh token or session id', () => {
    if (database === undefined) throw new Error('no database');
    const dump = execFileSync('pg_dump', ['--no-owner', database.url], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(dump).toContain(DEMO_USER); // the search does see the data
    expect(dump).toContain('v1.'); // the tokens are there, sealed
    expect(secrets.size).toBe(5);
    for (const secret of secrets) {
      expect(dump.includes(secret), `the dump holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
      // A JWT's signature alone is as good as the token: look for it too.
      const signature = secret.split('.')[2];
      if (signature !== undefined) expect(dump.includes(signature)).toBe(false);
    }
    console.log(`pg_dump: ${dump.length} bytes, ${secrets.size} secrets searched, none found`);
  });
});
