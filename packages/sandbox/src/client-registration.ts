// The demo client as the provider's developer dashboard registers it: the scopes it is granted and,
// for a confidential client, its secret. The real login refuses the whole sign-in (access_denied,
// before any consent screen) when an app asks for a scope its client was not granted, and a
// confidential client's token request without its secret is invalid_client; the sandbox does both.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CloudBehaviour } from './cloud-behaviour';

/** What the app uses, and what a new app's client is granted unless told otherwise. */
export const APP_SCOPES =
  'offline_access user:content:view family:library:view family:devices:view family:devices:manage family:devices:control';

/** OpenID Connect's scopes: the grantOpenid behaviour grants them on top of the registration. */
const OPENID_SCOPES = ['openid', 'profile', 'email'] as const;

/** Every scope the provider knows (its discovery document lists them). */
export const KNOWN_SCOPES = [...OPENID_SCOPES, 'family:view', ...APP_SCOPES.split(' ')];

export interface ClientRegistration {
  grantedScopes: string[];
  /** null: a public client (PKCE alone). */
  clientSecret: string | null;
}

const scopeList = (text: string | undefined): string[] =>
  (text ?? '').split(/\s+/).filter((scope) => scope !== '');

const scopeListSchema = z
  .string()
  .transform(scopeList)
  .pipe(z.array(z.enum(KNOWN_SCOPES as [string, ...string[]])).min(1, 'name at least one scope'));

/** A secret worth the name: the dashboard's are long random strings. */
const secretSchema = z.string().min(8, 'a client secret has at least 8 characters').max(512);

/** POST /_sandbox/client: fields left out stay; null restores the start value. */
export const clientRegistrationKnobSchema = z
  .object({
    grantedScopes: scopeListSchema.nullable().optional(),
    clientSecret: secretSchema.nullable().optional(),
  })
  .strict();

/** The environment's form (SANDBOX_GRANTED_SCOPES, SANDBOX_CLIENT_SECRET), blank meaning unset. */
export const clientRegistrationEnv = {
  grantedScopes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    scopeListSchema.optional(),
  ),
  clientSecret: z.preprocess((v) => (v === '' ? undefined : v), secretSchema.optional()),
};

export const defaultRegistration = (
  start: { grantedScopes?: readonly string[]; clientSecret?: string | null } = {},
): ClientRegistration => ({
  grantedScopes: [...(start.grantedScopes ?? scopeList(APP_SCOPES))],
  clientSecret: start.clientSecret ?? null,
});

const grantedSet = (registration: ClientRegistration, behaviour: CloudBehaviour): Set<string> =>
  new Set([...registration.grantedScopes, ...(behaviour.grantOpenid ? OPENID_SCOPES : [])]);

/** The asked-for scopes the client is not granted: any of them refuses the sign-in. */
export function ungrantedScopes(
  requested: string | undefined,
  registration: ClientRegistration,
  behaviour: CloudBehaviour,
): string[] {
  const granted = grantedSet(registration, behaviour);
  return scopeList(requested).filter((scope) => !granted.has(scope));
}

/** The scope of issued tokens: what was asked (all that is granted when nothing was). */
export function tokenScope(
  requested: string | undefined,
  registration: ClientRegistration,
  behaviour: CloudBehaviour,
): string {
  const granted = [...grantedSet(registration, behaviour)];
  const asked = scopeList(requested);
  return (asked.length === 0 ? granted : granted.filter((scope) => asked.includes(scope))).join(' ');
}

/** Whether a token request authenticates as the registered client (always, for a public one). */
export function clientAuthenticates(registration: ClientRegistration, secret: string | undefined): boolean {
  if (registration.clientSecret === null) return true;
  if (secret === undefined) return false;
  const given = Buffer.from(secret);
  const expected = Buffer.from(registration.clientSecret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
