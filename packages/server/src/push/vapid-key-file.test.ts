import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VAPID_KEY_FILE_NAME, vapidFromConfig } from './vapid-key-file';

// Which VAPID keys the server signs with: the configured ones; in demo mode without them a key pair
// of its own, made once into the data folder (0600) and kept across restarts; against the real
// cloud without them, none (push is off).

let dataDir: string;
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-key-file-')), 'data');
});
afterEach(() => {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const noKeys = { vapid: null, extraEndpointHosts: [] };

describe('the server’s VAPID keys', () => {
  it('in demo mode without keys: a pair made once into a file only the owner reads, the same after a restart', () => {
    const first = vapidFromConfig({ mode: 'demo', dataDir, push: noKeys });
    expect(first).toMatchObject({
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) as unknown,
      privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      subject: expect.stringMatching(/^mailto:/) as unknown,
    });
    const file = path.join(dataDir, VAPID_KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidFromConfig({ mode: 'demo', dataDir, push: noKeys })).toEqual(first);
  });

  it('configured keys win, in either mode; against the real cloud without them push is off', () => {
    const vapid = {
      publicKey: 'configured-public',
      privateKey: 'configured-private',
      subject: 'mailto:ops@example.com',
    };
    expect(vapidFromConfig({ mode: 'demo', dataDir, push: { vapid, extraEndpointHosts: [] } })).toBe(vapid);
    expect(vapidFromConfig({ mode: 'real', dataDir, push: { vapid, extraEndpointHosts: [] } })).toBe(vapid);
    expect(vapidFromConfig({ mode: 'real', dataDir, push: noKeys })).toBeNull();
    expect(fs.existsSync(path.join(dataDir, VAPID_KEY_FILE_NAME))).toBe(false);
  });

  it('a damaged key file is refused with what to do, not replaced', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, VAPID_KEY_FILE_NAME), 'not json', { mode: 0o600 });
    expect(() => vapidFromConfig({ mode: 'demo', dataDir, push: noKeys })).toThrow(
      'delete it to make a new one',
    );
    expect(fs.readFileSync(path.join(dataDir, VAPID_KEY_FILE_NAME), 'utf8')).toBe('not json');
  });
});
