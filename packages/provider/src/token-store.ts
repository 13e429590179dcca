import * as z from 'zod/mini';
import type { KeyValueStorage, TokenSet, TokenStore } from './auth-types';
import { DEFAULT_TOKEN_KEY } from './session-hint';

// Token stores: localStorage in the browser, memory in tests and one-off scripts.

export type { KeyValueStorage };
export { DEFAULT_TOKEN_KEY };

// zod/mini: this runs in the browser, and the tree-shakable build keeps the logged-in download small.
const nonEmpty = () => z.string().check(z.minLength(1));
const tokenSetSchema = z.object({
  accessToken: nonEmpty(),
  refreshToken: z.nullable(nonEmpty()),
  idToken: z.nullable(nonEmpty()),
  // zod 4's number() already refuses Infinity and NaN.
  expiresAt: z.number(),
});

/** Parses what a store held; anything corrupt or of an older shape counts as no token. */
function parseStoredTokens(raw: string | null): TokenSet | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = tokenSetSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export function browserTokenStore(storage: KeyValueStorage, key: string = DEFAULT_TOKEN_KEY): TokenStore {
  return {
    load: () => parseStoredTokens(storage.getItem(key)),
    // One setItem writes access and (rotated) refresh token together, so they never disagree.
    save: (tokens) => storage.setItem(key, JSON.stringify(tokens)),
    clear: () => storage.removeItem(key),
  };
}

export function memoryTokenStore(initial?: TokenSet): TokenStore {
  let current: TokenSet | null = initial ? { ...initial } : null;
  return {
    load: () => (current ? { ...current } : null),
    save: (tokens) => {
      current = { ...tokens };
    },
    clear: () => {
      current = null;
    },
  };
}
