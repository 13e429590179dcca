import { greeting } from '@playlist-alarms/core/texts/display-name';
import { contentOutcomeOfStatus } from '@playlist-alarms/core/library/family-library';
import { statusReport } from '@playlist-alarms/core/device/status-report';
import { applyDayNight } from '@playlist-alarms/core/device/day-night';
import type { StatusSection } from '@playlist-alarms/core/device/status-report';
import { APP_SCOPES } from '@playlist-alarms/sandbox/client-registration';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import type { SandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderClient, ProviderError } from './rest-client';

// Contract: every REST call of the provider client against the real sandbox, including its fault knobs.

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let demo: ProviderClient;
let other: ProviderClient;

function clientWith(token: string | null): ProviderClient {
  return new ProviderClient({
    apiBase: sandbox.url,
    getAccessToken: () => Promise.resolve(token),
  });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const knobs = () => sandboxKnobs(sandbox.url);
const setBehaviour = (behaviour: Parameters<SandboxKnobs['setBehaviour']>[0]) =>
  knobs().setBehaviour(behaviour);
const playerState = (deviceId: string) => knobs().player(deviceId).state();

const rows = (sections: StatusSection[]) =>
  Object.fromEntries(
    sections.map((section) => [
      section.title,
      Object.fromEntries(section.rows.map((row) => [row.label, row.value])),
    ]),
  );

const setFaults = (faults: { restDown?: boolean; malformed?: boolean }) => knobs().setFaults(faults);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
  demo = clientWith((await sandbox.issueTokens('demo')).access_token);
  other = clientWith((await sandbox.issueTokens('other')).access_token);
});
afterAll(async () => {
  await sandbox?.close();
});

describe('ProviderClient against the sandbox', () => {
  it('knows the user without /userinfo: the id from the token, no name (no family:view granted)', async () => {
    const user = await demo.getUser();
    expect(user).toEqual({ sub: 'auth0|demo-parent', name: null, email: null });
    expect(greeting(user)).toBe('Welcome back');
    expect((await other.getUser()).sub).toBe('auth0|other-family');
  });

  it('reads the email from /user/family when family:view is granted', async () => {
    await knobs().setClient({ grantedScopes: `${APP_SCOPES} family:view` });
    try {
      const granted = clientWith((await sandbox.issueTokens('demo')).access_token);
      expect(await granted.getUser()).toEqual({
        sub: 'auth0|demo-parent',
        name: null,
        email: 'demo@example.com',
      });
    } finally {
      await knobs().setClient({ grantedScopes: null });
    }
  });

  it('an expired or foreign token is still an expired session (401)', async () => {
    const error = await failure(clientWith('not-a-token').getUser());
    expect(error.status).toBe(401);
  });

  it('lists the demo account’s own playlists with the defaults', async () => {
    const playlists = await demo.getPlaylists();
    expect(playlists).toHaveLength(42);
    for (const playlist of playlists) {
      expect(playlist.cardId).toBe(playlist.id);
      expect(playlist.isFromFamilyLibrary).toBe(false);
      expect(playlist.category.length).toBeGreaterThan(0);
      expect(Number.isFinite(playlist.duration)).toBe(true);
    }
    expect(playlists.some((playlist) => playlist.coverArt === null)).toBe(true);
    expect(playlists.some((playlist) => playlist.coverArt !== null)).toBe(true);
    const otherIds = new Set((await other.getPlaylists()).map((playlist) => playlist.cardId));
    expect(playlists.some((playlist) => otherIds.has(playlist.cardId ?? ''))).toBe(false);
  });

  it('lists the household’s players', async () => {
    const devices = await demo.getDevices();
    expect(devices.map((device) => [device.deviceId, device.online])).toEqual([
      ['demo-player-1', true],
      ['demo-player-2', true],
      ['demo-player-3', false],
    ]);
    expect(devices[0]).toMatchObject({ name: 'Bedroom Player', deviceType: expect.any(String) as string });
    // The Playroom Mini is a Mini, as a real one's entry says.
    expect(devices[1]).toMatchObject({
      name: 'Playroom Mini',
      deviceType: 'minie',
      deviceFamily: 'mini',
      formFactor: 'mini',
      generation: 'gen3',
    });
    expect((await other.getDevices()).map((device) => device.deviceId)).toEqual(['other-player-1']);
  });

  it('reads a player’s API status from the config when /status answers 403 (deprecated)', async () => {
    const refused = await fetch(`${sandbox.url}/device-v2/demo-player-1/status`, {
      headers: { authorization: `Bearer ${(await sandbox.issueTokens('demo')).access_token}` },
    });
    expect(refused.status).toBe(403);
    const status = await demo.getDeviceStatus('demo-player-1');
    const state = await playerState('demo-player-1');
    expect(status).toMatchObject({
      deviceId: 'demo-player-1',
      batteryLevelPercentage: state.battery.level,
      isOnline: true,
      isAudioDeviceConnected: false,
      isBluetoothAudioConnected: false,
      temperatureCelcius: 22,
      wifiStrength: state.wifiStrength,
    });
    // The player counts KiB: the client gives bytes, whole KiB of an 8 GiB card.
    expect(status.totalDiskSpaceBytes).toBe(8 * 1024 ** 3);
    expect(Number(status.freeDiskSpaceBytes) % 1024).toBe(0);
    const report = rows(statusReport({ api: status, mqtt: null, events: null }));
    expect(report['System & Storage']).toMatchObject({ 'Total Disk': '8192.0 MB', 'Free Disk': '5079.0 MB' });
    expect(report['Environment & Sensors']).toMatchObject({ Temperature: '22°C' });
    expect(report['Network & Connectivity']).toMatchObject({ Online: 'Yes', Network: 'DemoHome' });
    const error = await failure(other.getDeviceStatus('demo-player-1'));
    expect([403, 404]).toContain(error.status);
  });

  it('reads flags as booleans end to end: headphones (0/1) and Bluetooth audio (a boolean) in the config', async () => {
    await knobs().player('demo-player-2').environment({ headphones: true });
    const status = await demo.getDeviceStatus('demo-player-2');
    expect(status).toMatchObject({ isAudioDeviceConnected: true, temperatureCelcius: 'notSupported' });
    const report = rows(statusReport({ api: status, mqtt: null, events: null }));
    expect(report['Audio & Playback']).toMatchObject({ Headphones: 'Yes', 'Bluetooth Audio': 'No' });
    expect(report['Environment & Sensors']).toMatchObject({ Temperature: 'Not supported' });
  });

  it('still reads the deprecated /status where it answers, isOnline 0/1 included', async () => {
    await setBehaviour({ statusEndpoint: true });
    try {
      expect(await demo.getDeviceStatus('demo-player-1')).toMatchObject({
        deviceId: 'demo-player-1',
        isOnline: true,
        temperatureCelcius: 22,
      });
    } finally {
      await setBehaviour({ statusEndpoint: false });
    }
  });

  it('reads and replaces the alarm list, keeping the rest of the config block', async () => {
    const before = await demo.getDeviceConfig('demo-player-1');
    expect(before.device.deviceId).toBe('demo-player-1');
    expect(Array.isArray(before.device.config.alarms)).toBe(true);
    const alarms = [...before.device.config.alarms, '1111100,0715,card-x,01,01,6,1'];
    const after = await demo.replaceDeviceAlarms('demo-player-1', alarms);
    expect(after.device.config.alarms).toEqual(alarms);
    const { alarms: _a, ...restBefore } = before.device.config;
    const { alarms: _b, ...restAfter } = after.device.config;
    expect(restAfter).toEqual(restBefore);
    await demo.updateDeviceConfig('demo-player-1', before.device.config);
    expect((await demo.getDeviceConfig('demo-player-1')).device.config.alarms).toEqual(
      before.device.config.alarms,
    );
  });

  it('two alarm updates of one player at once both land, each on the list the other left', async () => {
    const before = await demo.getDeviceConfig('demo-player-1');
    const first = '1111100,0715,card-x,,,6,1';
    const second = '0000011,0930,card-y,,,4';
    const [a, b] = await Promise.all([
      demo.updateDeviceAlarms('demo-player-1', (current) => [...current, first]),
      demo.updateDeviceAlarms('demo-player-1', (current) => [...current, second]),
    ]);
    const expected = [...before.device.config.alarms, first, second];
    expect(a.device.config.alarms).toEqual(expected.slice(0, -1));
    expect(b.device.config.alarms).toEqual(expected);
    expect((await demo.getDeviceConfig('demo-player-1')).device.config.alarms).toEqual(expected);
    // The alarms written earlier, six-field ones included, are exactly as they were read.
    await demo.updateDeviceAlarms('demo-player-1', (current) =>
      current.filter((alarm) => alarm !== first && alarm !== second),
    );
    expect((await demo.getDeviceConfig('demo-player-1')).device.config).toEqual(before.device.config);
  });

  it('a day-and-night change and an alarm write at once: both land, nothing else of the block moves', async () => {
    const before = await demo.getDeviceConfig('demo-player-1');
    const alarm = '1111100,0715,card-x,,,6,1';
    const okToWake = { nightTime: '19:00', nightAmbientColour: '#b34700' };
    await Promise.all([
      demo.changeDeviceConfig('demo-player-1', (config) => applyDayNight(config, okToWake)),
      demo.updateDeviceAlarms('demo-player-1', (current) => [...current, alarm]),
    ]);
    const after = await demo.getDeviceConfig('demo-player-1');
    expect(after.device.config).toEqual({
      ...before.device.config,
      ...okToWake,
      alarms: [...before.device.config.alarms, alarm],
    });
    await demo.updateDeviceConfig('demo-player-1', before.device.config);
  });

  it('keeps one family away from another’s players', async () => {
    const error = await failure(other.getDeviceConfig('demo-player-1'));
    expect([403, 404]).toContain(error.status);
  });

  it('reads the family library: groups, one group with family playlists, another family’s group is 404', async () => {
    const groups = await demo.getFamilyLibraryGroups();
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups.some((group) => group.items.length === 0)).toBe(true);
    const withItems = groups.find((group) => group.items.length > 0)!;
    const detail = await demo.getFamilyLibraryGroup(withItems.id);
    expect(detail.id).toBe(withItems.id);
    for (const card of detail.cards) {
      expect(card).toMatchObject({
        isFromFamilyLibrary: true,
        groupId: withItems.id,
        category: 'family-library',
      });
    }
    const error = await failure(other.getFamilyLibraryGroup(withItems.id));
    expect(error.status).toBe(404);
  });

  it('reads card content with string chapter keys; an unreadable card is ProviderError(404), restricted in the library', async () => {
    const playlists = await demo.getPlaylists();
    const outcomes = await Promise.all(
      playlists.map((playlist) =>
        demo.getContent(playlist.cardId!).then(
          (detail) => ({ cardId: playlist.cardId, detail, error: null }),
          (error: unknown) => ({ cardId: playlist.cardId, detail: null, error }),
        ),
      ),
    );
    const readable = outcomes.filter((outcome) => outcome.detail !== null);
    const refused = outcomes.filter((outcome) => outcome.error !== null);
    expect(readable.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const outcome of refused) {
      expect(outcome.error).toMatchObject({ name: 'ProviderError', status: 404 });
      const status = (outcome.error as ProviderError).status;
      expect(contentOutcomeOfStatus(status)).toBe('restricted');
    }
    const detail = readable[0]!.detail;
    if (detail === null) throw new Error('unreachable: filtered on detail');
    expect(detail.playlist.cardId).toBe(readable[0]!.cardId);
    expect(detail.chapters.length).toBeGreaterThan(0);
    for (const chapter of detail.chapters) {
      expect(typeof chapter.key).toBe('string');
      for (const track of chapter.tracks) expect(typeof track.key).toBe('string');
    }
  });

  it('a token the provider rejects is ProviderError(401)', async () => {
    const error = await failure(clientWith('not-a-token').getPlaylists());
    expect(error.status).toBe(401);
    expect(error.message).toContain('GET /content/mine');
  });
});

describe('ProviderClient with sandbox faults', () => {
  afterEach(async () => {
    await setFaults({ restDown: false, malformed: false });
  });

  it('a malformed answer is a ProviderError, not a crash', async () => {
    await setFaults({ malformed: true });
    // One at a time: a call made before the previous one is awaited could reject unobserved.
    for (const call of [
      () => demo.getPlaylists(),
      () => demo.getDevices(),
      () => demo.getFamilyLibraryGroups(),
    ]) {
      const error = await failure(call());
      expect(error.status).toBe(200);
      expect(error.message.length).toBeGreaterThan(0);
    }
  });

  it('a provider that is down is a ProviderError with its status', async () => {
    await setFaults({ restDown: true });
    const error = await failure(demo.getDevices());
    expect(error.status).toBeGreaterThanOrEqual(500);
    expect(error.message).toMatch(/GET \/device-v2\/devices\/mine failed with HTTP 5\d\d/);
  });

  it('an unreachable provider is ProviderError(0)', async () => {
    const closed = await startSandbox({ port: 0, mqttPort: 0 });
    const url = closed.url;
    const token = (await closed.issueTokens('demo')).access_token;
    await closed.close();
    const client = new ProviderClient({
      apiBase: url,
      getAccessToken: () => Promise.resolve(token),
    });
    const error = await failure(client.getPlaylists());
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });
});
