// Fault knobs: tests switch the sandbox into the failures a real provider can show.
import { z } from 'zod';

export const faultsSchema = z
  .object({
    /** REST and /userinfo answer 503 with an HTML page, as a gateway in front of a dead API does. */
    restDown: z.boolean().optional(),
    /** REST and /userinfo answer 200 with a truncated JSON body. */
    malformed: z.boolean().optional(),
    /** REST and /userinfo answer 500 with a JSON error, as a failing API behind a working gateway does. */
    restError: z.boolean().optional(),
    /** REST and /userinfo answer 429 with this Retry-After (seconds): a provider shedding load. */
    restRateLimited: z.number().int().min(1).max(3600).nullable().optional(),
    /** REST and /userinfo answer this many milliseconds late (0: at once): a provider that hangs. */
    restDelayMs: z.number().int().min(0).max(120_000).optional(),
    /**
     * The broker is down: every client is dropped and new connections are cut before MQTT begins,
     * until it is switched off again (a restart, as a client sees one).
     */
    brokerDown: z.boolean().optional(),
    /** The MQTT broker refuses every login (CONNACK "not authorized"). */
    mqttRefuseLogin: z.boolean().optional(),
    /**
     * The broker refuses subscriptions to the legacy `device/{id}/events` and `…/status` topics
     * (SUBACK 128), as the real provider may now that `data/…` are the documented ones.
     */
    mqttRefuseLegacyTopics: z.boolean().optional(),
    /**
     * Limits the REST faults to paths starting with one of these (e.g. '/content/mine'); null = all
     * REST paths. The token endpoint fails only when named here ('/oauth/token'), so a test of the
     * API being down keeps its sign-in working.
     */
    faultPaths: z.array(z.string().startsWith('/')).min(1).nullable().optional(),
  })
  .strict();

export interface Faults {
  restDown: boolean;
  malformed: boolean;
  restError: boolean;
  restDelayMs: number;
  restRateLimited: number | null;
  brokerDown: boolean;
  mqttRefuseLogin: boolean;
  mqttRefuseLegacyTopics: boolean;
  faultPaths: string[] | null;
}

const named = (faults: Faults, path: string): boolean =>
  faults.faultPaths !== null && faults.faultPaths.some((prefix) => path.startsWith(prefix));

/** Whether the REST faults apply to this request path. */
export const faultApplies = (faults: Faults, path: string): boolean =>
  faults.faultPaths === null || named(faults, path);

/** Whether they apply to the token endpoint: only when faultPaths names it. */
export const tokenEndpointFaulty = (faults: Faults): boolean => named(faults, '/oauth/token');

export const noFaults = (): Faults => ({
  restDown: false,
  malformed: false,
  restError: false,
  restDelayMs: 0,
  restRateLimited: null,
  brokerDown: false,
  mqttRefuseLogin: false,
  mqttRefuseLegacyTopics: false,
  faultPaths: null,
});
