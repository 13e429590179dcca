// Where the real cloud departs from the contract the app was first written to
// (docs/provider-contract.md). The sandbox behaves like the real cloud by default, so tests catch an app that
// relies on the old contract; a test may switch a point back (startSandbox({ behaviour }) or
// POST /_sandbox/behaviour).
import { z } from 'zod';

export const cloudBehaviourSchema = z
  .object({
    /**
     * Grant `openid`, `profile` and `email` on top of the client's registration
     * (client-registration.ts). A new app's client gets none of OpenID's: asking for them refuses
     * the sign-in, and /userinfo answers 401. Default false.
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
