import * as z from 'zod/mini';
import { paramNamesOf, type ProxiedParams, type ProxiedPathName } from './proxied-paths';

// The server's side of the proxied-paths table: the ids of an incoming proxy request are checked
// before they reach a provider path. Apart from the table, which the browser's client uses too.

/** Provider ids are short URL-safe strings; anything else (slashes, dots, spaces) must never reach a provider path. */
export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Fastify's own parameter limit; the server answers 414 beyond it before this rule runs. */
export const PROVIDER_ID_MAX_LENGTH = 100;

export const providerIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(PROVIDER_ID_MAX_LENGTH),
    z.regex(PROVIDER_ID_PATTERN, 'must contain only letters, digits, "-" and "_"'),
  );

/** The checked parameters of an incoming proxy request; throws a zod error (the server's 400) on a bad id. */
export function parseProxiedParams<N extends ProxiedPathName>(name: N, raw: unknown): ProxiedParams<N> {
  const shape = Object.fromEntries(paramNamesOf(name).map((key) => [key, providerIdSchema]));
  // Safe: the schema's keys are exactly the entry's parameter names, each a checked string.
  return z.object(shape).parse(raw) as ProxiedParams<N>;
}
