import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, KEY_FILE_NAME, keyIdOf, loadOrCreateKeyFile, parseKey } from './token-cipher';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);

describe('token cipher (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time and the key id in front', () => {
    const cipher = createTokenCipher(keyA);
    const one = cipher.encrypt('secret-token', 'token');
    const two = cipher.encrypt('secret-token', 'token');
    expect(one).not.toBe(two);
    expect(one.startsWith(`v1.${keyIdOf(keyA)}.`)).toBe(true);
    expect(one).not.toContain('secret-token');
    expect(cipher.decrypt(one, 'token')).toBe('secret-token');
  });

  it('refuses a tampered value, another purpose, an unknown key and garbage', () => {
    const cipher = createTokenCipher(keyA);
    const sealed = cipher.encrypt('secret-token', 'token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(cipher.decrypt(parts.join('.'), 'token')).toBeNull();
    expect(cipher.decrypt(sealed, 'login-state')).toBeNull();
    expect(createTokenCipher(keyB).decrypt(sealed, 'token')).toBeNull();
    expect(cipher.decrypt('v1.x.y', 'token')).toBeNull();
    expect(cipher.decrypt('', 'token')).toBeNull();
  });

  it('rotates: the new key writes, the previous one still reads old values', () => {
    const old = createTokenCipher(keyA).encrypt('written-before', 'token');
    const rotated = createTokenCipher(keyB, [keyA]);
    expect(rotated.keyId).toBe(keyIdOf(keyB));
    expect(rotated.decrypt(old, 'token')).toBe('written-before');
    expect(rotated.encrypt('new', 'token').split('.')[1]).toBe(keyIdOf(keyB));
  });

  it('parses 32-byte base64 or base64url keys only', () => {
    expect(parseKey(keyA.toString('base64'))).toEqual(keyA);
    expect(parseKey(Buffer.alloc(32, 255).toString('base64url'))).toEqual(Buffer.alloc(32, 255));
    expect(() => parseKey(Buffer.alloc(31).toString('base64'))).toThrow('must decode to 32 bytes');
    expect(() => parseKey('not base64!')).toThrow('must be base64');
  });

  it('demo key file: created 0600 once, then reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-key-'));
    try {
      const first = loadOrCreateKeyFile(path.join(dir, 'data'));
      const file = path.join(dir, 'data', KEY_FILE_NAME);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first).toHaveLength(32);
      expect(loadOrCreateKeyFile(path.join(dir, 'data'))).toEqual(first);
      fs.writeFileSync(file, 'short');
      expect(() => loadOrCreateKeyFile(path.join(dir, 'data'))).toThrow('delete it to make a new one');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
