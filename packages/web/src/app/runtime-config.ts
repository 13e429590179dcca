import { runtimeConfigSchema } from '@playlist-alarms/core/runtime-config';
import type { RuntimeConfig } from '@playlist-alarms/core/runtime-config';

/** GET /api/config, validated: one build serves demo and real modes. */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  return runtimeConfigSchema.parse(body);
}
