import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { migrateToLatest } from './migrations';

// The SQLite file: durable (WAL, synchronous=FULL) and private to the server's user (0600).

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-sqlite-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'playlist-alarms.sqlite');
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the SQLite file', () => {
  it('is in WAL mode with synchronous=FULL', async () => {
    const db = connectDatabase({ kind: 'sqlite', file: tempFile() });
    try {
      await migrateToLatest(db);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(journal.rows).toEqual([{ journal_mode: 'wal' }]);
      expect(synchronous.rows).toEqual([{ synchronous: 2 }]); // 2 = FULL
    } finally {
      await db.destroy();
    }
  });

  it('is created 0600 (and its WAL with it), whatever the umask', async () => {
    const file = tempFile();
    const previous = process.umask(0o022);
    const db = connectDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db); // writes, so the -wal file exists
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(path.dirname(file))).toBe(0o700);
    } finally {
      process.umask(previous);
      await db.destroy();
    }
  });

  it('tightens an existing file that others could read', async () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    const db = connectDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });
});
