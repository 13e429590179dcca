import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server process as an operator starts it, with a mistake in its configuration: it stops
// with a message naming the problem, and neither its output nor its exit prints a secret.

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const PASSWORD = 'Pw-d0-not-print-me';
const KEY = crypto.randomBytes(32).toString('base64');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-secrecy-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace', // the most a log could ever say
      APP_MODE: 'real',
      PROVIDER_CLIENT_ID: 'secrecy-test',
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('configuration errors keep secrets', () => {
  it('a DATABASE_URL of the wrong kind: named, its password masked', () => {
    const { status, output } = start({
      TOKEN_ENCRYPTION_KEY: KEY,
      DATABASE_URL: `mysql://alarms:${PASSWORD}@db.internal:3306/alarms`,
    });
    expect(status).toBe(1);
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain('mysql://alarms:***@db.internal');
    expect(output).not.toContain(PASSWORD);
  });

  it('a PostgreSQL that cannot be reached: the process ends, the password never printed', () => {
    const { status, output } = start({
      TOKEN_ENCRYPTION_KEY: KEY,
      // Port 9 on loopback: nothing listens there, the connection is refused at once.
      DATABASE_URL: `postgres://alarms:${PASSWORD}@127.0.0.1:9/alarms?sslmode=disable`,
    });
    expect(status).toBe(1);
    expect(output.trim()).toBe(
      'Cannot open the database "postgres://alarms:***@127.0.0.1:9/alarms?sslmode=disable": connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(output).not.toContain(PASSWORD);
  });

  it('a token key that is not 32 bytes: named, never echoed', () => {
    const badKey = crypto.randomBytes(20).toString('base64');
    const { status, output } = start({ TOKEN_ENCRYPTION_KEY: badKey });
    expect(status).toBe(1);
    expect(output).toContain('TOKEN_ENCRYPTION_KEY');
    expect(output).not.toContain(badKey);
  });

  it('a previous key that is malformed: named, neither key echoed', () => {
    const badPrevious = 'not-base64-at-all-but-secret';
    const { status, output } = start({
      TOKEN_ENCRYPTION_KEY: KEY,
      TOKEN_ENCRYPTION_PREVIOUS_KEYS: badPrevious,
    });
    expect(status).toBe(1);
    expect(output).toContain('TOKEN_ENCRYPTION_PREVIOUS_KEYS');
    expect(output).not.toContain(badPrevious);
    expect(output).not.toContain(KEY);
  });

  it('a VAPID private key that is malformed, or one of three VAPID variables alone: named, never echoed', () => {
    const badPrivate = `${crypto.randomBytes(20).toString('base64url')}-secret`;
    const bad = start({
      TOKEN_ENCRYPTION_KEY: KEY,
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: badPrivate,
      VAPID_SUBJECT: 'mailto:ops@example.test',
    });
    expect(bad.status).toBe(1);
    expect(bad.output).toContain('VAPID_PRIVATE_KEY');
    expect(bad.output).not.toContain(badPrivate);
    const goodPrivate = crypto.randomBytes(32).toString('base64url');
    const alone = start({ TOKEN_ENCRYPTION_KEY: KEY, VAPID_PRIVATE_KEY: goodPrivate });
    expect(alone.status).toBe(1);
    expect(alone.output).toContain('set all three, or none');
    expect(alone.output).not.toContain(goodPrivate);
  });
});
