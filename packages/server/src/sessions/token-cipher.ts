import crypto from 'node:crypto';
import path from 'node:path';
import { readOrCreateKeyFile } from '../demo-key-file';

// Tokens at rest (docs/decisions/server-held-sessions.md): AES-256-GCM with a fresh 96-bit IV
// per value. Each stored value names its key (`v1.<key id>.<iv>.<ciphertext>.<tag>`), so a new
// key can be introduced while values written under an old one still decrypt. The purpose is
// bound as additional data: a login cookie cannot be replayed as a stored token, or vice versa.

const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';
export const KEY_FILE_NAME = 'token-encryption.key';

export type CipherPurpose = 'token' | 'login-state';

export interface TokenCipher {
  /** Id of the key new values are written with. */
  readonly keyId: string;
  encrypt(plain: string, purpose: CipherPurpose): string;
  /** null when the value is malformed, forged, of another purpose or under an unknown key. */
  decrypt(stored: string, purpose: CipherPurpose): string | null;
}

/** Decodes a base64 (or base64url) key; throws unless it is exactly 32 bytes. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) throw new Error('must be base64');
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`must decode to ${KEY_BYTES} bytes (got ${key.length})`);
  return key;
}

/** A key's id: derived from the key itself, so nobody has to name keys. Not secret. */
export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update('playlist-alarms key id').update(key).digest('hex').slice(0, 8);
}

/** `current` encrypts; `current` and every `previous` key decrypt (key rotation). */
export function createTokenCipher(current: Buffer, previous: Buffer[] = []): TokenCipher {
  const keys = new Map<string, Buffer>();
  for (const key of [...previous, current]) keys.set(keyIdOf(key), key);
  const keyId = keyIdOf(current);
  return {
    keyId,
    encrypt(plain, purpose) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [FORMAT, keyId, ...parts].join('.');
    },
    decrypt(stored, purpose) {
      const [format, id, iv, body, tag, extra] = stored.split('.');
      if (format !== FORMAT || extra !== undefined || iv === undefined || body === undefined) return null;
      const key = keys.get(id ?? '');
      if (key === undefined || tag === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null; // wrong key, tampered value or wrong purpose: GCM's tag check failed
      }
    },
  };
}

/**
 * Demo mode without TOKEN_ENCRYPTION_KEY: a key of its own in `dataDir`, readable by the owner
 * only (0600), created once and reused, so sessions survive a restart.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const text = readOrCreateKeyFile(
    dataDir,
    KEY_FILE_NAME,
    () => `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`,
  );
  try {
    return parseKey(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The key file ${path.join(dataDir, KEY_FILE_NAME)} is unusable (${why}): delete it to make a new one`,
    );
  }
}

/** The configured key, or in demo mode without one the data folder's key file. */
export function cipherFromConfig(config: {
  mode: 'demo' | 'real';
  dataDir: string;
  sessions: { encryptionKey: Buffer | null; previousKeys: Buffer[] };
}): TokenCipher {
  const { encryptionKey, previousKeys } = config.sessions;
  if (encryptionKey !== null) return createTokenCipher(encryptionKey, previousKeys);
  if (config.mode !== 'demo') throw new Error('TOKEN_ENCRYPTION_KEY is required when APP_MODE=real');
  return createTokenCipher(loadOrCreateKeyFile(config.dataDir), previousKeys);
}
