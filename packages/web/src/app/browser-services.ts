import { runtimeConfigSchema } from '@playlist-alarms/core/runtime-config';
import { createBrowserServices } from '../services/create-browser-services';
import type { AppServices } from '../services/app-services';

/** The runtime configuration checked (one build serves demo and real modes), then the real services. */
export function browserServices(config: unknown): AppServices {
  return createBrowserServices(runtimeConfigSchema.parse(config));
}
