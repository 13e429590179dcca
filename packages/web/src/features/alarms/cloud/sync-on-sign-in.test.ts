import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CloudDeviceRecord } from '@playlist-alarms/core/cloud/cloud-schemas';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';
import { SessionExpiredError } from '../../../services/server-session';
import { InMemoryCloud } from '../../../test/cloud-twin';
import { syncOnSignIn } from './sync-on-sign-in';

/** The backend's cloud, whose device sync fails with `failure`. */
class CloudFailingDevices extends InMemoryCloud {
  constructor(private readonly failure: Error) {
    super();
  }
  override saveDevice(): Promise<CloudDeviceRecord> {
    return Promise.reject(this.failure);
  }
}

async function errorsOf(failure: Error): Promise<string[]> {
  const errors: string[] = [];
  const cloud = new CloudFailingDevices(failure);
  await syncOnSignIn({
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    loadCloud: () => Promise.resolve(cloud),
    user: { sub: 'auth0|demo-parent', name: 'Demo Parent', email: 'parent@example.com' },
    devices: [makeDevice('player-1', 'Bedroom Player')],
    onError: (message) => errors.push(message),
  });
  return errors;
}

describe('syncOnSignIn', () => {
  it('tells a failed device sync once, with its context', async () => {
    expect(await errorsOf(new Error('Network error'))).toEqual(['Failed to sync devices: Network error']);
  });

  it('says nothing of a session that ended meanwhile: the logged-out view says "Session expired"', async () => {
    expect(await errorsOf(new SessionExpiredError())).toEqual([]);
  });
});
