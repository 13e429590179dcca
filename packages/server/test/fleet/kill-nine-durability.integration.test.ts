import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cloudAlarmListSchema, cloudAlarmSchema } from '@playlist-alarms/core/cloud/cloud-schemas';
import { alarmBody } from '../support/cloud-api';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database';
import { killAll, startServerProcess, type ServerProcess } from '../support/server-process';
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from '../support/test-issuer';

// kill -9 in the middle of a burst of alarm writes: every write the server acknowledged (2xx) is
// there after a restart, on the SQLite file (WAL, synchronous=FULL) and on PostgreSQL. Writes in
// flight when it died may or may not have landed; nothing else may differ.

const USERS = 16;
const ALARMS_PER_USER = 3;
/** The burst is cut once this many writes were acknowledged. */
const KILL_AFTER_ACKS = 300;

interface Ledger {
  /** alarm id → the last acknowledged name, and the name of a write still in flight at the kill. */
  alarms: Map<string, { user: string; acked: string; inFlight: string | null }>;
  createsAcked: number;
  updatesAcked: number;
  /** Requests the kill cut off (no answer). */
  cut: number;
  /** Creates in flight at the kill, per user: they may have landed unseen. */
  createsInFlight: Map<string, string>;
}

type Storage = { env: Record<string, string>; dispose(): Promise<void> };

function sqliteStorage(): Promise<Storage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-kill9-'));
  const dispose = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
  return Promise.resolve({ env: { DATA_DIR: dir }, dispose });
}

async function postgresStorage(): Promise<Storage> {
  const database = await createFreshPostgresDatabase('killnine');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-kill9-'));
  return {
    env: { DATABASE_URL: database.url, DATA_DIR: dir },
    async dispose() {
      await database.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One user's writes, one at a time: creates first, then updates round the created alarms. */
async function burst(
  url: string,
  user: string,
  token: string,
  ledger: Ledger,
  totalAcked: () => number,
  kill: () => void,
): Promise<void> {
  const mine: string[] = [];
  for (let seq = 0; ; seq += 1) {
    const name = `${user.slice(-3)}-w${seq}`;
    const creating = mine.length < ALARMS_PER_USER;
    const target = creating ? null : mine[seq % mine.length]!;
    if (target === null) ledger.createsInFlight.set(user, name);
    else ledger.alarms.get(target)!.inFlight = name;
    let response: Response;
    try {
      response = await fetch(creating ? `${url}/api/alarms` : `${url}/api/alarms/${target}`, {
        method: creating ? 'POST' : 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(
          creating ? alarmBody({ alarm_name: name, minute: mine.length }) : { alarm_name: name },
        ),
      });
    } catch {
      ledger.cut += 1; // the process died under this request: its outcome is unknown
      return;
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
    if (target === null) {
      const created = cloudAlarmSchema.parse(body);
      ledger.createsInFlight.delete(user);
      ledger.alarms.set(created.id, { user, acked: name, inFlight: null });
      mine.push(created.id);
      ledger.createsAcked += 1;
    } else {
      const entry = ledger.alarms.get(target)!;
      entry.acked = name;
      entry.inFlight = null;
      ledger.updatesAcked += 1;
    }
    if (totalAcked() >= KILL_AFTER_ACKS) kill();
  }
}

describe.each([
  ['SQLite (DATA_DIR)', sqliteStorage],
  ['PostgreSQL', postgresStorage],
])('kill -9 during a burst of alarm writes: %s', (_name, openStorage) => {
  let issuer: TestIssuer | undefined;
  let storage: Storage | undefined;
  const processes: ServerProcess[] = [];
  afterEach(async () => {
    await killAll(processes);
    await storage?.dispose();
    await issuer?.close();
  }, 30_000);

  it('every acknowledged create and update is there after a restart', async () => {
    issuer = await startTestIssuer();
    storage = await openStorage();
    const env = {
      ...storage.env,
      APP_MODE: 'real',
      PROVIDER_CLIENT_ID: 'test-client',
      PROVIDER_AUTH_ISSUER: issuer.url,
      PROVIDER_API_BASE: issuer.url,
      PROVIDER_AUDIENCE: TEST_AUDIENCE,
      TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      ALARM_WORKER: 'off',
      RATE_LIMIT_PER_ADDRESS: '0',
      RATE_LIMIT_PER_USER: '0',
      WEB_DIST: path.join(os.tmpdir(), 'playlist-alarms-no-such-dist'),
    };
    const users = Array.from({ length: USERS }, (_, i) => `auth0|kill-nine-${String(i).padStart(3, '0')}`);
    const tokens = await Promise.all(users.map((sub) => issuer!.sign({ sub })));

    const first = await startServerProcess(env);
    processes.push(first);
    const ledger: Ledger = {
      alarms: new Map(),
      createsAcked: 0,
      updatesAcked: 0,
      cut: 0,
      createsInFlight: new Map(),
    };
    const cut: { killed: Promise<void> | null } = { killed: null };
    // A few milliseconds after the count is reached, from a timer: the other users' requests are
    // then anywhere between sent, committed and answered.
    const kill = () => {
      cut.killed ??= new Promise((resolve) => setTimeout(resolve, 3)).then(() => first.kill('SIGKILL'));
    };
    await Promise.all(
      users.map((user, i) =>
        burst(first.url, user, tokens[i]!, ledger, () => ledger.createsAcked + ledger.updatesAcked, kill),
      ),
    );
    await cut.killed;
    expect(first.exited).toBe(true);

    const second = await startServerProcess(env);
    processes.push(second);
    let found = 0;
    let updatesLanded = 0;
    let createsLanded = 0;
    for (const [i, user] of users.entries()) {
      const answer = await fetch(`${second.url}/api/alarms`, {
        headers: { authorization: `Bearer ${tokens[i]!}` },
      });
      expect(answer.status).toBe(200);
      const { alarms } = cloudAlarmListSchema.parse(await answer.json());
      const expected = [...ledger.alarms.entries()].filter(([, a]) => a.user === user);
      for (const [id, { acked, inFlight }] of expected) {
        const stored = alarms.find((a) => a.id === id);
        expect(stored, `acknowledged alarm ${id} of ${user}`).toBeDefined();
        // The last acknowledged name, or the one a request in flight at the kill carried.
        expect([acked, inFlight]).toContain(stored?.alarm_name);
        if (stored?.alarm_name === acked) found += 1;
        else updatesLanded += 1;
      }
      // Anything else stored is a create that was in flight at the kill.
      const unexpected = alarms.filter((a) => !ledger.alarms.has(a.id));
      expect(unexpected.map((a) => a.alarm_name)).toEqual(
        unexpected.length === 0 ? [] : [ledger.createsInFlight.get(user)],
      );
      createsLanded += unexpected.length;
    }
    const acked = ledger.createsAcked + ledger.updatesAcked;
    console.log(
      `${_name}: ${acked} writes acknowledged (${ledger.createsAcked} creates, ${ledger.updatesAcked} updates), ` +
        `${ledger.cut} cut by the kill (${updatesLanded + createsLanded} of them landed); after the restart ` +
        `${ledger.alarms.size} acknowledged alarms are all there, ${found} with their last acknowledged name`,
    );
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(ledger.cut).toBeGreaterThan(0); // the kill did land during the burst
    expect(ledger.alarms.size).toBe(ledger.createsAcked);
    expect(found + updatesLanded).toBe(ledger.alarms.size);
    expect(updatesLanded + createsLanded).toBeLessThanOrEqual(ledger.cut);
  }, 90_000);
});
