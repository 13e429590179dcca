import type { QueryClient } from '@tanstack/react-query';
import type { Device, UserProfile } from '@playlist-alarms/core/shared/entities';
import type { AppServices } from '../../../services/app-services';
import { sessionEnded } from '../../../services/server-session';
import { cloudUserQueryOptions } from './api/save-cloud-user';
import { syncCloudDevices } from './api/sync-cloud-devices';

/**
 * "Failed to sync user" / "Failed to sync devices": after sign-in the user and the players
 * are recorded at the backend. Loaded after the first paint (LoggedInView), so it costs the first
 * card nothing; each failure is told once and the app goes on. A session that ended meanwhile is
 * not one: the logged-out view says "Session expired" itself, and a snackbar saying it again over
 * that view ("Failed to sync devices: Session expired…") would only repeat it.
 */
export async function syncOnSignIn(p: {
  queryClient: QueryClient;
  loadCloud: AppServices['loadCloud'];
  user: UserProfile;
  devices: readonly Device[];
  onError: (message: string) => void;
}): Promise<void> {
  const report = (error: unknown) => {
    if (sessionEnded(error)) return;
    p.onError(error instanceof Error ? error.message : String(error));
  };
  await p.queryClient.fetchQuery(cloudUserQueryOptions(p.loadCloud, p.user)).catch(report);
  await syncCloudDevices(p.loadCloud, p.devices).catch(report);
}
