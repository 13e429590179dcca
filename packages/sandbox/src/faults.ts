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
    /** Limits the REST faults to paths starting with one of these (e.g. '/content/mine'); null = all. */
    faultPaths: z.array(z.string().startsWith('/')).min(1).nullable().optional(),
  })
  .strict();

export interface Faults {
  restDown: boolean;
  malformed: boolean;
  restError: boolean;
  restDelayMs: number;
  brokerDown: boolean;
  mqttRefuseLogin: boolean;
  mqttRefuseLegacyTopics: boolean;
  faultPaths: string[] | null;
}

/** Whether the REST faults apply to this request path. */
export const faultApplies = (faults: Faults, path: string): boolean =>
  faults.faultPaths === null || faults.faultPaths.some((prefix) => path.startsWith(prefix));

export const noFaults = (): Faults => ({
  restDown: false,
  malformed: false,
  restError: false,
  restDelayMs: 0,
  brokerDown: false,
  mqttRefuseLogin: false,
  mqttRefuseLegacyTopics: false,
  faultPaths: null,
});
