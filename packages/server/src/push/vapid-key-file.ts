import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import { readOrCreateKeyFile } from '../demo-key-file';
import type { PushConfig, VapidKeys } from './push-config';

// Demo mode without VAPID_* keys: a key pair of its own in the data folder (demo-key-file.ts), so
// the browsers' subscriptions survive a restart (they are bound to the public key).

export const VAPID_KEY_FILE_NAME = 'vapid-keys.json';
const DEMO_SUBJECT = 'mailto:demo@playlist-alarms.invalid';

const keyFileSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

export function loadOrCreateVapidKeyFile(dataDir: string): VapidKeys {
  const text = readOrCreateKeyFile(
    dataDir,
    VAPID_KEY_FILE_NAME,
    () => `${JSON.stringify(webPush.generateVAPIDKeys())}\n`,
  );
  const parsed = keyFileSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    throw new Error(
      `The key file ${path.join(dataDir, VAPID_KEY_FILE_NAME)} is unusable: delete it to make a new one`,
    );
  }
  return { ...parsed.data, subject: DEMO_SUBJECT };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The configured keys, or in demo mode without them the data folder's key file; null: push is off. */
export function vapidFromConfig(config: {
  mode: 'demo' | 'real';
  dataDir: string;
  push: PushConfig;
}): VapidKeys | null {
  if (config.push.vapid !== null) return config.push.vapid;
  return config.mode === 'demo' ? loadOrCreateVapidKeyFile(config.dataDir) : null;
}
