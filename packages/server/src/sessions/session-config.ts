import { z } from 'zod';
import { parseKey } from './token-cipher';

// The sessions' part of the environment, parsed apart from config.ts so that file only merges it.

export interface SessionConfig {
  /** Encrypts tokens and the login cookie; null in demo mode without one (a key file is made). */
  encryptionKey: Buffer | null;
  /** Older keys that still decrypt values written before a rotation. */
  previousKeys: Buffer[];
  /**
   * The app's public origin (`https://alarms.example.com`), when set: the OAuth redirect URI is
   * built on it, unsafe requests must come from it, and https makes the cookies `Secure`.
   * Unset: taken from each request's Host (and protocol).
   */
  publicUrl: string | null;
}

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const key = z.string().transform((text, ctx) => {
  try {
    return parseKey(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'bad key' });
    return z.NEVER;
  }
});

const envSchema = z.object({
  TOKEN_ENCRYPTION_KEY: z.preprocess(blankIsUnset, key.optional()),
  TOKEN_ENCRYPTION_PREVIOUS_KEYS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((list) => list.split(',').filter((k) => k.trim() !== ''))
      .pipe(z.array(key))
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    blankIsUnset,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((u) => new URL(u).origin)
      .optional(),
  ),
});

/** The session settings, or the problems (one line per variable, never echoing a key). */
export function loadSessionConfig(
  env: NodeJS.ProcessEnv,
  mode: 'demo' | 'real',
): { config: SessionConfig; problems: [] } | { config: null; problems: string[] } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      // Keys are secrets: name the variable and the fault, never the value.
      const shown = name === 'PUBLIC_URL' ? ` (got ${JSON.stringify(env[name])})` : '';
      return `${name}: ${issue.message}${shown}`;
    });
    return { config: null, problems };
  }
  const e = parsed.data;
  if (e.TOKEN_ENCRYPTION_KEY === undefined && mode === 'real') {
    return {
      config: null,
      problems: [
        'TOKEN_ENCRYPTION_KEY: required when APP_MODE=real (32 random bytes in base64, e.g. `openssl rand -base64 32`)',
      ],
    };
  }
  return {
    config: {
      encryptionKey: e.TOKEN_ENCRYPTION_KEY ?? null,
      previousKeys: e.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? [],
      publicUrl: e.PUBLIC_URL ?? null,
    },
    problems: [],
  };
}
