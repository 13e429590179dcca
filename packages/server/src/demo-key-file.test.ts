import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateKeyFile } from './demo-key-file';

const RACER = fileURLToPath(new URL('../test/support/key-file-racer.ts', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-key-file-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function race(dataDir: string, startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RACER, dataDir, String(startAt)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`racer exited ${code}: ${err}`));
      else resolve((JSON.parse(out) as { text: string }).text);
    });
  });
}

describe('a demo key file', () => {
  it('is made once, readable by the owner only, and read back after', () => {
    const data = path.join(dir, 'data');
    let made = 0;
    const make = () => `key-${++made}\n`;
    expect(readOrCreateKeyFile(data, 'k.key', make)).toBe('key-1\n');
    expect(readOrCreateKeyFile(data, 'k.key', make)).toBe('key-1\n');
    expect(made).toBe(1);
    expect(fs.statSync(path.join(data, 'k.key')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(data)).toEqual(['k.key']);
  });

  it('is the same whole file for processes that start at the same moment', async () => {
    const data = path.join(dir, 'data');
    // Long enough for every process to load before the start (they spin until then).
    const startAt = Date.now() + 4_000;
    const texts = await Promise.all(Array.from({ length: 6 }, () => race(data, startAt)));
    const written = fs.readFileSync(path.join(data, 'race.key'), 'utf8');
    expect(written.length).toBeGreaterThan(4_000);
    expect(texts).toEqual(Array.from({ length: 6 }, () => written));
    expect(fs.readdirSync(data)).toEqual(['race.key']);
  }, 30_000);
});
