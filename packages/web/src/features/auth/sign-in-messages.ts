import { ProviderError } from '@playlist-alarms/provider/rest-client';
import { sessionEnded } from '../../services/server-session';

/**
 * Whether the session is over (the server ended it, or the provider refused its token), as opposed
 * to the server or the provider being down or answering garbage (the session may be fine: retry).
 */
export function isRejectedToken(error: unknown): boolean {
  if (sessionEnded(error)) return true;
  return error instanceof ProviderError && (error.status === 401 || error.status === 403);
}
