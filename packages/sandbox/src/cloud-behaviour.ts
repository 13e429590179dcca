// Where the real cloud departs from the contract the app was first written to (PROVIDER-API.md
// "Corrections"). The sandbox behaves like the real cloud by default, so tests catch an app that
// relies on the old contract; a test may switch a point back (startSandbox({ behaviour }) or
// POST /_sandbox/behaviour).
import { z } from 'zod';

export const cloudBehaviourSchema = z
  .object({
    /**
     * Grant `openid` and `profile` when asked. The provider's dashboard grants scopes per app, and
     * a new app gets none of OpenID's: /userinfo then answers 401. Default false.
     */
    grantOpenid: z.boolean().optional(),
    /** Answer the deprecated GET /device-v2/{id}/status (default false: 403, as for new apps). */
    statusEndpoint: z.boolean().optional(),
    /** The answer to a card the user may not read: 404 as the provider documents it (default), or 403. */
    unreadableContentStatus: z.union([z.literal(403), z.literal(404)]).optional(),
  })
  .strict();

export interface CloudBehaviour {
  grantOpenid: boolean;
  statusEndpoint: boolean;
  unreadableContentStatus: 403 | 404;
}

export const realCloudBehaviour = (): CloudBehaviour => ({
  grantOpenid: false,
  statusEndpoint: false,
  unreadableContentStatus: 404,
});

/** The scopes OpenID Connect adds, which a new app is not granted. */
const OPENID_SCOPES = new Set(['openid', 'profile', 'email']);

/** What the provider grants of a requested scope list (all it allows when nothing is asked). */
export function grantedScope(
  requested: string | undefined,
  allowed: string,
  behaviour: CloudBehaviour,
): string {
  const grantable = allowed
    .split(' ')
    .filter((scope) => scope && (behaviour.grantOpenid || !OPENID_SCOPES.has(scope)));
  const asked = requested?.split(' ').filter(Boolean) ?? [];
  return (asked.length === 0 ? grantable : grantable.filter((scope) => asked.includes(scope))).join(' ');
}
