import { greeting } from '@playlist-alarms/core/texts/display-name';
import { CONFIG_STATUS_MINI } from '@playlist-alarms/core/test/fixtures/config-status-mini';
import { CONFIG_V3 } from '@playlist-alarms/core/test/fixtures/config-v3';
import { MINI_DEVICE_ENTRY, REAL_V3_DEVICE_ENTRY } from '@playlist-alarms/core/test/fixtures/device-list';
import { isMini } from '@playlist-alarms/core/device/player-family';
import { USER_FAMILY } from '@playlist-alarms/core/test/fixtures/user-family';
import { statusReport } from '@playlist-alarms/core/device/status-report';
import type { StatusSection } from '@playlist-alarms/core/device/status-report';
import { describe, expect, it } from 'vitest';
import { ProviderClient, ProviderError } from './rest-client';

// Real provider payloads (core's fixtures/ name each source) through the client's public calls,
// with a scripted fetch in the provider's place: what a first contact with the real cloud gives.

type Reply = { status: number; body: unknown };

const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const SUB = USER_FAMILY.family.members[0].userId;
const TOKEN = `${base64Url('{"alg":"RS256"}')}.${base64Url(JSON.stringify({ sub: SUB, scope: 'offline_access' }))}.c2ln`;

function client(replies: Record<string, Reply>) {
  const asked: string[] = [];
  const fetchFn: typeof fetch = (input) => {
    const path = new URL(input instanceof Request ? input.url : input.toString()).pathname;
    asked.push(path);
    const reply = replies[path];
    if (!reply) return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  };
  const provider = new ProviderClient({
    apiBase: 'https://api.example.test',
    getAccessToken: () => Promise.resolve(TOKEN),
    fetch: fetchFn,
  });
  return { provider, asked };
}

const table = (sections: StatusSection[]) =>
  Object.fromEntries(
    sections.map((section) => [
      section.title,
      Object.fromEntries(section.rows.map((row) => [row.label, row.value])),
    ]),
  );

const refused = (status: number, message: string): Reply => ({
  status,
  body: { error: { code: status === 401 ? 'unauthorized' : 'forbidden', message } },
});

describe('identity without /userinfo', () => {
  it('the id from the token, no name in the real family record, and the login host never asked', async () => {
    const { provider, asked } = client({ '/user/family': { status: 200, body: USER_FAMILY } });
    const user = await provider.getUser();
    expect(user).toEqual({ sub: SUB, name: null, email: USER_FAMILY.family.members[0].email });
    expect(greeting(user)).toBe('Welcome back');
    expect(asked).toEqual(['/user/family']);
  });

  it('a member record with a name gives it; a refused family endpoint (no family:view) gives none', async () => {
    const named = structuredClone(USER_FAMILY) as unknown as {
      family: { members: Array<Record<string, unknown>> };
    };
    named.family.members[0]!.name = 'Sam Parent';
    const withName = client({ '/user/family': { status: 200, body: named } });
    expect(greeting(await withName.provider.getUser())).toBe('Welcome back, Sam Parent');
    const without = client({ '/user/family': refused(403, 'x') });
    expect(await without.provider.getUser()).toEqual({ sub: SUB, name: null, email: null });
  });

  it('the family endpoint refusing the token is an expired session (401)', async () => {
    const { provider } = client({ '/user/family': refused(401, 'Expired.') });
    await expect(provider.getUser()).rejects.toMatchObject({ name: 'ProviderError', status: 401 });
  });
});

describe('status from the config when /status is refused', () => {
  it('a real v3 config: KiB disks, the temperature pair, 0/1 flags, the API rows', async () => {
    const id = CONFIG_V3.device.deviceId;
    const { provider, asked } = client({
      [`/device-v2/${id}/status`]: refused(403, 'Forbidden'),
      [`/device-v2/${id}/config`]: { status: 200, body: CONFIG_V3 },
    });
    const status = await provider.getDeviceStatus(id);
    expect(asked).toEqual([`/device-v2/${id}/status`, `/device-v2/${id}/config`]);
    expect(status).toMatchObject({
      deviceId: id,
      firmwareVersion: 'v2.17.5-5',
      batteryLevelPercentage: 100,
      isCharging: false,
      powerSource: 2,
      temperatureCelcius: 24,
      isOnline: true,
      networkSsid: 'speed',
      freeDiskSpaceBytes: 30219824 * 1024,
      totalDiskSpaceBytes: 31385600 * 1024,
      utcOffsetSeconds: -21600,
    });
    const report = table(statusReport({ api: status, mqtt: null, events: null }));
    expect(report['Power & Battery']).toEqual({
      'Battery Level': '100%',
      Charging: 'No',
      'Power Source': 'USB-C',
    });
    expect(report['Environment & Sensors']).toMatchObject({
      Temperature: '24°C',
      Nightlight: '0x194a55',
      'Day Mode': 'Day',
    });
    expect(report['Audio & Playback']).toMatchObject({
      'System Volume': '34%',
      'User Volume': '31%',
      Headphones: 'No',
      'Bluetooth Audio': 'No',
    });
    expect(report['Network & Connectivity']).toMatchObject({
      Online: 'Yes',
      'WiFi Strength': 'Good (-54 dBm)',
      Network: 'speed',
    });
    // 30219824 KiB → 29511.5 MB; 31385600 KiB → 30650.0 MB.
    expect(report['System & Storage']).toMatchObject({
      'Free Disk': '29511.5 MB',
      'Total Disk': '30650.0 MB',
      Uptime: '44 hours',
    });
    expect(report['Time & Location']).toEqual({
      'UTC Time': '2024-05-15 23:23:44 UTC',
      'UTC Offset': 'UTC-6',
      'Last Updated': '2024-05-15T23:23:45.284Z',
    });
  });

  it('a real mini’s config status: no temperature sensor ("0:0") and a physical card', async () => {
    const config = {
      device: { deviceId: 'mini-1', online: false, config: { alarms: [] }, status: CONFIG_STATUS_MINI },
    };
    const { provider } = client({
      '/device-v2/mini-1/status': refused(403, 'Forbidden'),
      '/device-v2/mini-1/config': { status: 200, body: config },
    });
    const report = table(
      statusReport({ api: await provider.getDeviceStatus('mini-1'), mqtt: null, events: null }),
    );
    expect(report['Environment & Sensors']).toMatchObject({ Temperature: 'N/A' });
    expect(report['Card & Content']).toMatchObject({
      'Card Inserted': 'Physical card',
      'Active Card': '8A3Lr',
    });
    expect(report['Network & Connectivity']).toMatchObject({ Online: 'No' });
    expect(report['System & Storage']).toMatchObject({
      'Free Disk': '23763.4 MB',
      'Total Disk': '29820.0 MB',
    });
  });

  it('isOnline as 0/1 and boolean flags read as booleans on the status path', async () => {
    const { provider } = client({
      '/device-v2/p/status': {
        status: 200,
        body: {
          deviceId: 'p',
          isOnline: 1,
          isCharging: 0,
          isAudioDeviceConnected: true,
          isBluetoothAudioConnected: '1',
        },
      },
    });
    expect(await provider.getDeviceStatus('p')).toMatchObject({
      isOnline: true,
      isCharging: false,
      isAudioDeviceConnected: true,
      isBluetoothAudioConnected: true,
    });
  });

  it('another failure of /status is not hidden behind the config', async () => {
    const { provider, asked } = client({ '/device-v2/p/status': refused(500, 'Boom') });
    await expect(provider.getDeviceStatus('p')).rejects.toBeInstanceOf(ProviderError);
    expect(asked).toEqual(['/device-v2/p/status']);
  });
});

describe('error texts', () => {
  it('a provider message ending in a full stop gets no second one', async () => {
    const { provider } = client({
      '/device-v2/devices/mine': refused(403, 'You may not see these devices.'),
    });
    await expect(provider.getDevices()).rejects.toMatchObject({
      message: 'GET /device-v2/devices/mine failed with HTTP 403: You may not see these devices.',
    });
    const plain = client({ '/device-v2/devices/mine': refused(403, 'No access') });
    await expect(plain.provider.getDevices()).rejects.toMatchObject({
      message: 'GET /device-v2/devices/mine failed with HTTP 403: No access.',
    });
  });
});

describe('the device list as real accounts answer it', () => {
  it("keeps each player's type, family, form factor and generation: a Mini is known as one", async () => {
    const { provider } = client({
      '/device-v2/devices/mine': {
        status: 200,
        body: { devices: [REAL_V3_DEVICE_ENTRY, MINI_DEVICE_ENTRY] },
      },
    });
    const [v3, mini] = await provider.getDevices();
    expect(v3).toEqual({
      deviceId: REAL_V3_DEVICE_ENTRY.deviceId,
      name: 'Yoto Player',
      deviceType: 'v3',
      deviceFamily: 'v3',
      online: false,
      description: 'nameless.limit',
    });
    expect(mini).toMatchObject({
      deviceType: 'minie',
      deviceFamily: 'mini',
      formFactor: 'mini',
      generation: 'gen3',
    });
    expect(mini && isMini(mini)).toBe(true);
    expect(v3 && isMini(v3)).toBe(false);
  });
});
