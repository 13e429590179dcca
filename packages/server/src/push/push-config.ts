import { z } from 'zod';
import { parseEndpointHosts } from './push-endpoints';

// The push notifications' part of the environment (docs/decisions/push-notifications.md), parsed
// apart from config.ts so that file only merges it. The private key is never echoed.

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point: the only part the browser gets. */
  publicKey: string;
  /** base64url, 32 bytes: signs the VAPID token; never logged, never sent. */
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

export interface PushConfig {
  /** The configured keys; null: in demo mode a key file is made, otherwise push is off. */
  vapid: VapidKeys | null;
  /** Hosts (`host[:port]`) accepted as push endpoints besides the browsers' push services. */
  extraEndpointHosts: string[];
}

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const b64url = (bytes: number, what: string) =>
  z.string().refine((text) => {
    const trimmed = text.trim();
    return /^[A-Za-z0-9_-]+$/.test(trimmed) && Buffer.from(trimmed, 'base64url').length === bytes;
  }, `must be ${what} in base64url (${bytes} bytes), as web-push's generate-vapid-keys prints`);

const envSchema = z.object({
  VAPID_PUBLIC_KEY: z.preprocess(blankIsUnset, b64url(65, 'a P-256 public key').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(blankIsUnset, b64url(32, 'a P-256 private key').optional()),
  VAPID_SUBJECT: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
  ),
  PUSH_ENDPOINT_HOSTS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((list, ctx) => {
        const hosts = parseEndpointHosts(list);
        if (hosts !== null) return hosts;
        ctx.addIssue({ code: 'custom', message: 'must be host[:port] entries separated by commas' });
        return z.NEVER;
      })
      .optional(),
  ),
});

const SHOWN = new Set(['VAPID_SUBJECT', 'PUSH_ENDPOINT_HOSTS']);

/** The push settings, or the problems (one line per variable, never echoing a key). */
export function loadPushConfig(
  env: NodeJS.ProcessEnv,
): { config: PushConfig; problems: [] } | { config: null; problems: string[] } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const shown = SHOWN.has(name) ? ` (got ${JSON.stringify(env[name])})` : '';
      return `${name}: ${issue.message}${shown}`;
    });
    return { config: null, problems };
  }
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = parsed.data;
  const given = [publicKey, privateKey, subject].filter((value) => value !== undefined).length;
  if (given !== 0 && given !== 3) {
    return {
      config: null,
      problems: ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three, or none'],
    };
  }
  return {
    config: {
      vapid:
        publicKey === undefined || privateKey === undefined || subject === undefined
          ? null
          : { publicKey: publicKey.trim(), privateKey: privateKey.trim(), subject },
      extraEndpointHosts: parsed.data.PUSH_ENDPOINT_HOSTS ?? [],
    },
    problems: [],
  };
}
