// Fault knobs: tests switch the sandbox into the failures a real provider can show.
import { z } from 'zod';

export const faultsSchema = z
  .object({
    /** REST and /userinfo answer 503 with an HTML page, as a gateway in front of a dead API does. */
    restDown: z.boolean().optional(),
    /** REST and /userinfo answer 200 with a truncated JSON body. */
    malformed: z.boolean().optional(),
    /** The MQTT broker refuses every login (CONNACK "not authorized"). */
    mqttRefuseLogin: z.boolean().optional(),
    /**
     * The broker refuses subscriptions to the legacy `device/{id}/events` and `…/status` topics
     * (SUBACK 128), as the real provider may now that `data/…` are the documented ones.
     */
    mqttRefuseLegacyTopics: z.boolean().optional(),
    /** Limits restDown and malformed to paths starting with one of these (e.g. '/content/mine'); null = all. */
    faultPaths: z.array(z.string().startsWith('/')).min(1).nullable().optional(),
  })
  .strict();

export interface Faults {
  restDown: boolean;
  malformed: boolean;
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
  mqttRefuseLogin: false,
  mqttRefuseLegacyTopics: false,
  faultPaths: null,
});
