/**
 * GET /api/config as the server sent it. It is checked against core's schema where the services
 * are built (browser-services.ts, a lazy chunk), so zod is not part of the first download.
 */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  const response = await fetchImpl('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered HTTP ${response.status}`);
  return (await response.json()) as unknown;
}
