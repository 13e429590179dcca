import { config as zodConfig } from 'zod/mini';
import { runtimeConfigSchema } from '@playlist-alarms/core/shared/runtime-config';
import { createBrowserServices } from '../services/create-browser-services';
import type { AppServices } from '../services/app-services';

// zod would probe `new Function('')` on its first parse to see whether it may compile parsers; our
// Content-Security-Policy forbids eval, so the probe is a reported violation. Parse without it.
zodConfig({ jitless: true });

/** The runtime configuration checked (one build serves demo and real modes), then the real services. */
export function browserServices(config: unknown): AppServices {
  return createBrowserServices(runtimeConfigSchema.parse(config));
}
