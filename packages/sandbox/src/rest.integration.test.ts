import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_SCOPES } from './client-registration';
import { startSandbox } from './sandbox';
import type { RunningSandbox } from './sandbox';

let sandbox: RunningSandbox;
let demo: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
  demo = { authorization: `Bearer ${(await sandbox.issueTokens('demo')).access_token}` };
  other = { authorization: `Bearer ${(await sandbox.issueTokens('other')).access_token}` };
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});

const get = (path: string, headers: Record<string, string>) => fetch(`${sandbox.url}${path}`, { headers });
const setFaults = (body: unknown) =>
  fetch(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const setBehaviour = async (body: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
};
const read = async <T>(response: Response, schema: z.ZodType<T>): Promise<T> =>
  schema.parse(await response.json());

const cardSchema = z.object({
  cardId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  availability: z.string(),
  deleted: z.boolean(),
  metadata: z.object({
    description: z.string(),
    category: z.string().optional(),
    author: z.string(),
    cover: z.object({ imageL: z.string() }).optional(),
    media: z.object({ duration: z.number(), fileSize: z.number() }),
  }),
});
const mineSchema = z.object({ cards: z.array(cardSchema) });
const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  familyId: z.string(),
  imageUrl: z.string().nullable(),
  items: z.array(z.object({ contentId: z.string(), addedAt: z.string() })),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const configSchema = z.object({
  device: z.object({
    deviceId: z.string(),
    geoTimezone: z.string(),
    config: z.record(z.string(), z.unknown()).and(z.object({ alarms: z.array(z.string()) })),
  }),
});

describe('content', () => {
  it('lists the demo family own playlists with the provider shapes and the special cases', async () => {
    const { cards } = await read(await get('/content/mine', demo), mineSchema);
    expect(cards).toHaveLength(42);
    expect(new Set(cards.map((c) => c.cardId)).size).toBe(42);
    expect(cards.filter((c) => c.metadata.cover === undefined).map((c) => c.title)).toEqual([
      'Homemade Recordings',
    ]);
    expect(new Set(cards.map((c) => c.metadata.category)).size).toBeGreaterThan(4);
    const cover = cards.find((c) => c.metadata.cover)?.metadata.cover?.imageL ?? '';
    const image = await fetch(cover);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });

  it('is the same household on every start', async () => {
    const again = await startSandbox();
    try {
      const token = (await again.issueTokens('demo')).access_token;
      const theirs = await read(
        await fetch(`${again.url}/content/mine`, { headers: { authorization: `Bearer ${token}` } }),
        mineSchema,
      );
      const ours = await read(await get('/content/mine', demo), mineSchema);
      expect(theirs.cards.map((c) => [c.cardId, c.title, c.metadata.media.duration])).toEqual(
        ours.cards.map((c) => [c.cardId, c.title, c.metadata.media.duration]),
      );
    } finally {
      await again.close();
    }
  });

  it('answers a playable card with chapters and tracks, 404 for the restricted one (403 by knob) and for a stranger', async () => {
    const { cards } = await read(await get('/content/mine', demo), mineSchema);
    const first = cards[0];
    const restricted = cards.find((c) => c.title === "Grandad's Audiobook");
    if (!first || !restricted) throw new Error('seed changed');
    const detail = await read(
      await get(`/content/${first.cardId}?playable=true`, demo),
      z.object({
        card: cardSchema.extend({
          content: z.object({
            chapters: z
              .array(
                z.object({
                  key: z.string(),
                  title: z.string(),
                  tracks: z.array(z.object({ key: z.string(), duration: z.number() })).min(1),
                }),
              )
              .min(1),
          }),
        }),
      }),
    );
    expect(detail.card.cardId).toBe(first.cardId);
    expect(detail.card.content.chapters[0]?.key).toBe('01');

    // As the provider documents it: a card the user may not read is not found.
    const unreadable = await get(`/content/${restricted.cardId}?playable=true`, demo);
    expect(unreadable.status).toBe(404);
    expect((await read(unreadable, errorSchema)).error.code).toBe('not-found');
    await setBehaviour({ unreadableContentStatus: 403 });
    const forbidden = await get(`/content/${restricted.cardId}?playable=true`, demo);
    await setBehaviour({ unreadableContentStatus: 404 });
    expect(forbidden.status).toBe(403);
    expect((await read(forbidden, errorSchema)).error.code).toBe('forbidden');
    expect((await get(`/content/${first.cardId}?playable=true`, other)).status).toBe(404);
    expect((await get('/content/nope1?playable=true', demo)).status).toBe(404);
  });

  it('serves 10,000 playlists quickly', async () => {
    const big = await startSandbox({ playlistCount: 10_000 });
    try {
      const token = (await big.issueTokens('demo')).access_token;
      const started = performance.now();
      const response = await fetch(`${big.url}/content/mine`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { cards } = await read(response, mineSchema);
      expect(cards).toHaveLength(10_000);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await big.close();
    }
  });
});

describe('family library', () => {
  it('answers a bare array of the family groups: one normal, one all-restricted, one empty', async () => {
    const groups = await read(await get('/card/family/library/groups', demo), z.array(groupSchema));
    expect(groups.map((g) => [g.name, g.items.length])).toEqual([
      ['Family Favourites', 5],
      ["Grandparents' Shelf", 3],
      ['New This Week', 0],
    ]);
    const statuses = async (groupId: string) => {
      const group = groups.find((g) => g.id === groupId);
      return Promise.all(
        (group?.items ?? []).map(
          async (i) => (await get(`/content/${i.contentId}?playable=true`, demo)).status,
        ),
      );
    };
    expect(await statuses('grp-family-favourites')).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses('grp-grandparents-shelf')).toEqual([404, 404, 404]);
  });

  it('answers a group with its cards, and 404 for another family', async () => {
    const detail = await read(
      await get('/card/family/library/groups/grp-family-favourites', demo),
      groupSchema.extend({ cards: z.array(cardSchema) }),
    );
    expect(detail.cards.map((c) => c.cardId)).toEqual(detail.items.map((i) => i.contentId));
    expect((await get('/card/family/library/groups/grp-family-favourites', other)).status).toBe(404);
    const otherGroups = await read(await get('/card/family/library/groups', other), z.array(groupSchema));
    expect(otherGroups.map((g) => g.familyId)).toEqual(['fam-other-household']);
  });
});

describe('players and family', () => {
  it('lists each player with its type and family as real entries do: the Playroom Mini is a Mini', async () => {
    const entry = z.looseObject({
      deviceId: z.string(),
      deviceType: z.string(),
      deviceFamily: z.string(),
      formFactor: z.string(),
      generation: z.string(),
    });
    const { devices } = await read(
      await get('/device-v2/devices/mine', demo),
      z.object({ devices: z.array(entry) }),
    );
    expect(
      devices.map((d) => [d.deviceId, d.deviceType, d.deviceFamily, d.formFactor, d.generation]),
    ).toEqual([
      ['demo-player-1', 'v3', 'v3', 'standard', 'gen3'],
      ['demo-player-2', 'minie', 'mini', 'mini', 'gen3'],
      ['demo-player-3', 'v2', 'v2', 'standard', 'gen2'],
    ]);
  });

  it('lists the demo players with their online state', async () => {
    const { devices } = await read(
      await get('/device-v2/devices/mine', demo),
      z.object({
        devices: z.array(
          z.object({ deviceId: z.string(), name: z.string(), online: z.boolean(), deviceType: z.string() }),
        ),
      }),
    );
    expect(devices.map((d) => [d.deviceId, d.name, d.online])).toEqual([
      ['demo-player-1', 'Bedroom Player', true],
      ['demo-player-2', 'Playroom Mini', true],
      ['demo-player-3', "Grandma's Player", false],
    ]);
    await fetch(`${sandbox.url}/_sandbox/devices/demo-player-3/online`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ online: true }),
    });
    const after = await (await get('/device-v2/devices/mine', demo)).text();
    expect(after).toContain(
      '"deviceId":"demo-player-3","name":"Grandma\'s Player","description":"At Grandma\'s house","online":true',
    );
  });

  it('refuses the deprecated status (403); the config carries the status in the player’s names', async () => {
    const refused = await get('/device-v2/demo-player-2/status', demo);
    expect(refused.status).toBe(403);
    expect((await read(refused, errorSchema)).error.code).toBe('forbidden');
    const mini = await read(
      await get('/device-v2/demo-player-2/config', demo),
      z.object({ device: z.object({ online: z.boolean(), status: z.record(z.string(), z.unknown()) }) }),
    );
    expect(mini.device.online).toBe(true);
    expect(mini.device.status).toMatchObject({
      deviceId: 'demo-player-2',
      temp: '0:notSupported',
      headphones: 0,
      bluetoothHp: false,
      cardInserted: 0,
      fwVersion: expect.any(String) as string,
      freeDisk: expect.any(Number) as number,
      totalDisk: 4 * 1024 * 1024,
      ssid: expect.any(String) as string,
    });
    expect(mini.device.status).not.toHaveProperty('batteryLevelPercentage');
  });

  it('answers status with the API field names (statusEndpoint knob) and config with alarms and time zone', async () => {
    await setBehaviour({ statusEndpoint: true });
    const status = await read(
      await get('/device-v2/demo-player-2/status', demo),
      z.object({
        deviceId: z.string(),
        batteryLevelPercentage: z.number(),
        temperatureCelcius: z.union([z.string(), z.number()]),
        isOnline: z.number(),
        cardInsertionState: z.number(),
      }),
    );
    expect(status).toMatchObject({
      deviceId: 'demo-player-2',
      temperatureCelcius: 'notSupported',
      isOnline: 1,
      cardInsertionState: 0,
    });
    const { device } = await read(await get('/device-v2/demo-player-1/config', demo), configSchema);
    expect(device.geoTimezone).toBe('Europe/London');
    expect(device.config.alarms).toHaveLength(2);
    expect(device.config.alarms[0]).toMatch(/^1111100,0700,\w{5},,,6,1$/);
    // A reset brings the real cloud's behaviour back.
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect(await (await fetch(`${sandbox.url}/_sandbox/behaviour`)).json()).toEqual({
      grantOpenid: false,
      statusEndpoint: false,
      unreadableContentStatus: 404,
    });
  });

  it('answers the family of the token user with family:view, its member without a name as the real one', async () => {
    // The app's default grant leaves family:view out, and the provider asks for it here.
    const refused = await get('/user/family', other);
    expect(refused.status).toBe(403);
    expect((await read(refused, errorSchema)).error.code).toBe('insufficient-scope');
    const setGrant = (grantedScopes: string | null) =>
      fetch(`${sandbox.url}/_sandbox/client`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantedScopes }),
      });
    await setGrant(`${APP_SCOPES} family:view`);
    const granted = { authorization: `Bearer ${(await sandbox.issueTokens('other')).access_token}` };
    await setGrant(null);
    const family = await read(
      await get('/user/family', granted),
      z.object({
        family: z.object({
          familyId: z.string(),
          members: z.array(z.record(z.string(), z.unknown())),
          devices: z.array(z.object({ deviceId: z.string() })),
        }),
      }),
    );
    expect(family.family.familyId).toBe('fam-other-household');
    expect(family.family.members).toEqual([
      expect.objectContaining({ userId: 'auth0|other-family', email: 'other@example.com' }),
    ]);
    expect(family.family.members[0]).not.toHaveProperty('name');
    expect(family.family.devices.map((d) => d.deviceId)).toEqual(['other-player-1']);
  });

  it('keeps another family out of the demo players', async () => {
    for (const path of ['/device-v2/demo-player-1/status', '/device-v2/demo-player-1/config']) {
      expect((await get(path, other)).status).toBe(403);
    }
    const put = await fetch(`${sandbox.url}/device-v2/demo-player-1/config`, {
      method: 'PUT',
      headers: { ...other, 'content-type': 'application/json' },
      body: JSON.stringify({ config: { alarms: [] } }),
    });
    expect(put.status).toBe(403);
    expect((await get('/device-v2/nobody/status', demo)).status).toBe(404);
  });
});

describe('PUT config', () => {
  const put = (body: unknown) =>
    fetch(`${sandbox.url}/device-v2/demo-player-1/config`, {
      method: 'PUT',
      headers: { ...demo, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('replaces the whole block: keys left out go back to their defaults', async () => {
    expect((await put({ config: { alarms: [], nightMaxVolumeLimit: '4', dayTime: '06:30' } })).status).toBe(
      200,
    );
    const changed = await read(await get('/device-v2/demo-player-1/config', demo), configSchema);
    expect(changed.device.config).toMatchObject({ alarms: [], nightMaxVolumeLimit: '4', dayTime: '06:30' });

    const alarm = '0000011,0915,abcde,01,02,5,1,keep-me';
    expect(await (await put({ deviceId: 'demo-player-1', config: { alarms: [alarm] } })).json()).toEqual({
      status: 'ok',
    });
    const after = await read(await get('/device-v2/demo-player-1/config', demo), configSchema);
    expect(after.device.config).toMatchObject({
      alarms: [alarm],
      nightMaxVolumeLimit: '10',
      dayTime: '07:00',
    });
  });

  it('refuses bad input with 400, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { config: { alarms: ['1111100,7am,abcde,01,01,5,1'] } },
      { config: { alarms: ['111,0700,abcde,01,01,5,1'] } },
      { config: { alarms: ['1111100,0700,abcde,01,01,50,1'] } },
      { config: { alarms: 'not a list' } },
      { config: { maxVolumeLimit: 99 } },
      { config: { unknownKey: true } },
      { deviceId: 'demo-player-2', config: {} },
      { geoTimezone: 'Mars/Olympus', config: {} },
    ];
    for (const body of bodies) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await read(response, errorSchema)).error.code).toBe('bad-request');
    }
    const broken = await fetch(`${sandbox.url}/device-v2/demo-player-1/config`, {
      method: 'PUT',
      headers: { ...demo, 'content-type': 'application/json' },
      body: '{"config":',
    });
    expect(broken.status).toBe(400);
  });
});

describe('authentication and faults', () => {
  it('answers 401 JSON without a bearer token', async () => {
    for (const path of [
      '/content/mine',
      '/card/family/library/groups',
      '/device-v2/devices/mine',
      '/user/family',
    ]) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status).toBe(401);
      expect((await read(response, errorSchema)).error.code).toBe('unauthorized');
    }
    expect((await get('/content/mine', { authorization: 'Bearer not-a-jwt' })).status).toBe(401);
  });

  it('switches REST down and malformed, and reset clears the faults', async () => {
    await setFaults({ restDown: true });
    const down = await get('/content/mine', demo);
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toContain('text/html');

    await setFaults({ restDown: false, malformed: true });
    const malformed = await get('/device-v2/devices/mine', demo);
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();

    expect((await setFaults({ malformed: 'yes' })).status).toBe(400);
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect((await get('/content/mine', demo)).status).toBe(200);
  });

  it('limits REST faults to the chosen paths', async () => {
    await setFaults({ restDown: true, faultPaths: ['/content/mine'] });
    expect((await get('/content/mine', demo)).status).toBe(503);
    expect((await get('/device-v2/devices/mine', demo)).status).toBe(200);
    expect((await setFaults({ faultPaths: ['content'] })).status).toBe(400);
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect((await get('/content/mine', demo)).status).toBe(200);
  });
});
