// Cloud alarms API under load (issue "Alarms", Speed): GET and POST /api/alarms at 200 concurrent
// connections with autocannon, over loopback, against the real server on SQLite and PostgreSQL.
// Each figure is a ratio to the same server's /api/health requests/s in the same run (the machine
// is shared, so absolute numbers say little), with p99 latency. Never asserted: aims are printed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Request as CannonRequest, Result as CannonResult } from 'autocannon';
import { buildApp } from '@playlist-alarms/server/app';
import { loadConfig } from '@playlist-alarms/server/config';
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  isPostgresReachable,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '@playlist-alarms/server/test/support/test-databases';
import {
  TEST_AUDIENCE,
  startTestIssuer,
  type TestIssuer,
} from '@playlist-alarms/server/test/support/test-issuer';

export const CONNECTIONS = 200;
const SECONDS = 5;
export const RATIO_AIM = 0.5;
export const SQLITE_P99_AIM_MS = 10;
/** At most 10 cloud alarms per account, so creates are spread over many users. */
const CREATES_PER_USER = 10;
/** Users of the GET run, each holding a few alarms so the list is not empty. */
const LIST_USERS = CONNECTIONS;
const ALARMS_PER_LIST_USER = 3;

export interface ThroughputRow {
  database: 'SQLite' | 'PostgreSQL';
  route: string;
  requestsPerSecond: number;
  /** requestsPerSecond / the same server's /api/health requests/s in this run. */
  ratioToHealth: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, plus connection errors and timeouts: must be 0 for the row to count. */
  failures: number;
  note?: string;
}

const alarmBody = (hour: number) =>
  JSON.stringify({
    yoto_device_id: 'bench-player',
    device_name: 'Bedroom Player',
    alarm_type: 'wakeup',
    playlist_id: 'bench-card',
    playlist_name: 'Morning Songs',
    hour,
    minute: 30,
    days: '1111100',
    volume: 7,
    is_enabled: true,
  });

/** Signed provider tokens for `count` distinct users (jose signs off the main thread: in parallel). */
async function tokensFor(issuer: TestIssuer, prefix: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => issuer.sign({ sub: `auth0|${prefix}-${i}`, expiresIn: '1h' })),
  );
}

function cannon(url: string, requests: CannonRequest[]): Promise<CannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
}

const failuresOf = (r: CannonResult) => r.non2xx + r.errors + r.timeouts;

interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** The whole app (buildApp: migrations, auth, rate limits, routes) listening on loopback. */
async function startOn(database: TestDatabase, issuer: TestIssuer): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-bench-api-'));
  const config = loadConfig({
    APP_MODE: 'real',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    PROVIDER_CLIENT_ID: 'bench-client',
    PROVIDER_AUTH_ISSUER: issuer.url,
    PROVIDER_API_BASE: issuer.url,
    PROVIDER_AUDIENCE: TEST_AUDIENCE,
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error', // not the API-only server's "web app not built" warning
    ALARM_WORKER: 'off',
    // Far above what 5 s can reach, not 0 (off): the limiter's counting stays in the measured path.
    RATE_LIMIT_PER_ADDRESS: '100000000',
    RATE_LIMIT_PER_USER: '100000000',
  });
  const app = await buildApp(config, { db: database.db });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seedList(url: string, tokens: string[]): Promise<void> {
  for (let n = 0; n < ALARMS_PER_LIST_USER; n += 1) {
    const answers = await Promise.all(
      tokens.map((token) =>
        fetch(`${url}/api/alarms`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: alarmBody(6 + n),
        }),
      ),
    );
    const bad = answers.find((a) => a.status !== 201);
    if (bad) throw new Error(`seeding alarms: HTTP ${bad.status} ${await bad.text()}`);
  }
}

async function measureDatabase(
  name: ThroughputRow['database'],
  database: TestDatabase,
  issuer: TestIssuer,
): Promise<ThroughputRow[]> {
  const server = await startOn(database, issuer);
  try {
    const listTokens = await tokensFor(issuer, `${name}-list`, LIST_USERS);
    await seedList(server.url, listTokens); // also warms the routes, the pool and the key set
    const health = await cannon(server.url, [{ method: 'GET', path: '/api/health' }]);

    let listed = 0;
    const list = await cannon(server.url, [
      {
        method: 'GET',
        path: '/api/alarms',
        setupRequest: (request) => ({
          ...request,
          headers: { authorization: `Bearer ${listTokens[listed++ % listTokens.length] ?? ''}` },
        }),
      },
    ]);

    // Enough users for creates at the list's pace (a write is slower) for the whole run, each
    // used round-robin so no user gets more than CREATES_PER_USER; if they run out, the run stops.
    const createUsers = Math.max(CONNECTIONS, Math.ceil((list.requests.average * SECONDS * 1.5) / 10));
    const createTokens = await tokensFor(issuer, `${name}-create`, createUsers);
    const capacity = createUsers * CREATES_PER_USER;
    let created = 0;
    let ranOut = false;
    let finish: (error: unknown, result: CannonResult) => void = () => undefined;
    const finished = new Promise<CannonResult>((resolve, reject) => {
      finish = (error, result) =>
        error
          ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }))
          : resolve(result);
    });
    const instance = autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path: '/api/alarms',
            setupRequest: (request) => {
              if (created >= capacity) {
                ranOut = true;
                instance.stop();
              }
              const token = createTokens[created++ % createTokens.length] ?? '';
              return {
                ...request,
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: alarmBody(7),
              };
            },
          },
        ],
      },
      (error: unknown, result: CannonResult) => finish(error, result),
    );
    const create = await finished;

    const row = (route: string, result: CannonResult, note?: string): ThroughputRow => ({
      database: name,
      route,
      requestsPerSecond: result.requests.average,
      ratioToHealth: result.requests.average / health.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      failures: failuresOf(result),
      ...(note === undefined ? {} : { note }),
    });
    return [
      { ...row('GET /api/health', health), ratioToHealth: 1 },
      row('GET /api/alarms', list, `${LIST_USERS} users with ${ALARMS_PER_LIST_USER} alarms each`),
      row(
        'POST /api/alarms',
        create,
        `creates over ${createUsers} users, ≤ ${CREATES_PER_USER} each` +
          (ranOut ? `; STOPPED EARLY: all ${capacity} creates used` : ''),
      ),
    ];
  } finally {
    await server.close();
  }
}

/** Both databases (PostgreSQL in a fresh schema, dropped after; skipped with a note if unreachable). */
export async function runCloudApiBench(): Promise<ThroughputRow[]> {
  const issuer = await startTestIssuer();
  const rows: ThroughputRow[] = [];
  try {
    const sqlite = createSqliteTestDatabase();
    try {
      rows.push(...(await measureDatabase('SQLite', sqlite, issuer)));
    } finally {
      await sqlite.dispose();
    }
    if (await isPostgresReachable()) {
      const postgres = await createPostgresTestDatabase();
      try {
        rows.push(...(await measureDatabase('PostgreSQL', postgres, issuer)));
      } finally {
        await postgres.dispose();
      }
    } else {
      console.warn(`PostgreSQL is not reachable at ${TEST_DATABASE_URL}: its cloud API rows are left out`);
    }
  } finally {
    await issuer.close();
  }
  return rows;
}

export function printCloudApiRows(rows: ThroughputRow[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(
    `\nCloud alarms API, ${CONNECTIONS} connections, ${SECONDS} s each (autocannon, loopback; ` +
      `aims: ratio ≥ ${RATIO_AIM}, p99 < ${SQLITE_P99_AIM_MS} ms on SQLite)`,
  );
  console.log(
    `${pad('database', 11)} ${pad('route', 17)} ${pad('req/s', 8)} ${pad('ratio', 6)} ` +
      `${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('requests', 9)} ${pad('non-2xx', 8)} aims`,
  );
  for (const r of rows) {
    const isHealth = r.route === 'GET /api/health';
    const aims = isHealth
      ? ''
      : [
          `ratio ${r.ratioToHealth >= RATIO_AIM ? 'met' : 'MISSED'}`,
          ...(r.database === 'SQLite' ? [`p99 ${r.p99Ms < SQLITE_P99_AIM_MS ? 'met' : 'MISSED'}`] : []),
          ...(r.failures > 0 ? ['DOES NOT COUNT: failures'] : []),
        ].join(', ');
    console.log(
      `${pad(r.database, 11)} ${pad(r.route, 17)} ${pad(r.requestsPerSecond.toFixed(0), 8)} ` +
        `${pad(r.ratioToHealth.toFixed(3), 6)} ${pad(r.p50Ms.toFixed(1), 7)} ${pad(r.p99Ms.toFixed(1), 7)} ` +
        `${pad(String(r.requests), 9)} ${pad(String(r.failures), 8)} ${aims}`,
    );
    if (r.note) console.log(`  ${r.note}`);
  }
}
