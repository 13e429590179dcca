import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { connectDatabase } from '../db/connect';
import type { TestDatabase } from '../../test/support/test-databases';
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  isPostgresReachable,
  TEST_DATABASE_URL,
} from '../../test/support/test-databases';
import { startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { callWithCookie, signIn } from '../../test/support/sign-in';
import { LOGIN_COOKIE } from './session-cookies';
import { liveSessionSchema } from '../../test/support/live-session';

// No secret at rest or in a log: a whole session (login, a refresh, an API call, logout) runs at
// trace level, then the SQLite files, a pg_dump of the PostgreSQL schema and every log line are
// searched for each token, code, verifier and session id that went by.

const DEMO_SUB = 'auth0|demo-parent';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pgAvailable = (await isPostgresReachable()) || process.env.CI === 'true';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0, tokenLifetimeSeconds: 3 });
});
afterAll(async () => {
  await sandbox.close();
});

interface SessionSecrets {
  secrets: string[];
  logLines: string[];
}

/** Runs a whole session and collects every secret it handled. */
async function wholeSession(h: SessionHarness, logLines: string[], endIt: boolean): Promise<SessionSecrets> {
  const trace = await signIn(h.app);
  const secrets = [trace.code, trace.sessionCookie.replace(/^pa_session=/, '')];
  const sealed = decodeURIComponent(trace.loginCookie.replace(`${LOGIN_COOKIE}=`, ''));
  const pending = JSON.parse(h.cipher.decrypt(sealed, 'login-state') ?? '{}') as { verifier?: string };
  expect(pending.verifier).toEqual(expect.any(String));
  secrets.push(pending.verifier ?? '');

  const storedRefresh = async () => {
    const tokens = await h.db
      .selectFrom('users')
      .select(['refresh_token_enc'])
      .where('yoto_user_id', '=', DEMO_SUB)
      .executeTakeFirstOrThrow();
    return h.cipher.decrypt(tokens.refresh_token_enc ?? '', 'token') ?? '';
  };
  const session = async () => {
    const answer = await callWithCookie(h.app, 'GET', '/api/session', trace.sessionCookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return liveSessionSchema.parse(answer.body).accessToken;
  };

  secrets.push(await session(), await storedRefresh());
  await pause(3_200); // the 3 s token expires: the next call refreshes (1 s lifetimes raced a loaded machine's sign-in)
  secrets.push(await session(), await storedRefresh());
  expect((await callWithCookie(h.app, 'GET', '/api/alarms', trace.sessionCookie)).status).toBe(200);
  if (endIt)
    expect((await callWithCookie(h.app, 'POST', '/auth/logout', trace.sessionCookie)).status).toBe(204);
  for (const s of secrets) expect(s.length).toBeGreaterThan(15);
  return { secrets, logLines };
}

function expectNoSecret(haystack: string, secrets: string[], where: string): void {
  for (const secret of secrets) {
    expect(haystack.includes(secret), `${where} holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    // A JWT's signature alone is as good as the token's proof: look for it too.
    const signature = secret.split('.')[2];
    if (signature !== undefined)
      expect(haystack.includes(signature), `${where} holds a JWT signature`).toBe(false);
  }
}

describe('secrets at rest and in logs', () => {
  it('the SQLite files hold no token, and a trace log of the session holds none either', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-secrets-'));
    const file = path.join(dir, 'alarms.sqlite');
    const db = connectDatabase({ kind: 'sqlite', file });
    const database: TestDatabase = {
      db,
      connectAgain: () => connectDatabase({ kind: 'sqlite', file }),
      location: { kind: 'sqlite', file },
      dispose: () => db.destroy(),
    };
    const logLines: string[] = [];
    const h = await startSessionHarness(database, sandbox, {
      deps: { tokenRefreshMarginMs: 0, logStream: { write: (line) => logLines.push(line) } },
      config: { logLevel: 'trace' },
    });
    try {
      // Left signed in, so the tokens are still stored when the files are read.
      const { secrets } = await wholeSession(h, logLines, false);
      await h.close();
      await database.dispose();
      const files = fs.readdirSync(dir);
      expect(files).toContain('alarms.sqlite');
      const bytes = files.map((f) => fs.readFileSync(path.join(dir, f)).toString('latin1')).join('\n');
      expect(bytes).toContain(DEMO_SUB); // the search does see the data
      expectNoSecret(bytes, secrets, 'the SQLite files');

      const log = logLines.join('');
      expect(log).toContain('/auth/callback?code=[redacted]&state=[redacted]');
      expect(log).toContain('/api/session');
      expectNoSecret(log, secrets, 'the log');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(pgAvailable)('a pg_dump of the PostgreSQL schema holds no token', async () => {
    const database = await createPostgresTestDatabase();
    const logLines: string[] = [];
    const h = await startSessionHarness(database, sandbox, {
      deps: { tokenRefreshMarginMs: 0, logStream: { write: (line) => logLines.push(line) } },
      config: { logLevel: 'trace' },
    });
    try {
      const { secrets } = await wholeSession(h, logLines, false);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s;
      expect(schema).toMatch(/^test_/);
      const dump = execFileSync('pg_dump', ['--no-owner', '-n', schema ?? '', TEST_DATABASE_URL], {
        encoding: 'utf8',
      });
      expect(dump).toContain(DEMO_SUB);
      expect(dump).toContain('v1.'); // encrypted values are there, in their sealed form
      expectNoSecret(dump, secrets, 'the pg_dump');
      expectNoSecret(logLines.join(''), secrets, 'the log');
    } finally {
      await h.close();
      await database.dispose();
    }
  });

  it('logout leaves no trace of the session in the log either', async () => {
    const database = createSqliteTestDatabase();
    const logLines: string[] = [];
    const h = await startSessionHarness(database, sandbox, {
      deps: { tokenRefreshMarginMs: 0, logStream: { write: (line) => logLines.push(line) } },
      config: { logLevel: 'trace' },
    });
    try {
      const { secrets } = await wholeSession(h, logLines, true);
      expect(logLines.join('')).toContain('/auth/logout');
      expectNoSecret(logLines.join(''), secrets, 'the log');
    } finally {
      await h.close();
      await database.dispose();
    }
  });
});
