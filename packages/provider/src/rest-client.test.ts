import { describe, expect, it } from 'vitest';
import { ProviderClient, ProviderError } from './rest-client';

// An injected fetch answers with scripted bodies to pin parsing and error mapping; the contract tests
// (rest-client.integration.test.ts) run the same calls against the real sandbox.

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Reply = { status?: number; body: string; contentType?: string } | 'network-error';

function client(replies: Reply[], options: { libraryBase?: string; token?: string | null } = {}) {
  const seen: Seen[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const reply = replies.shift();
    if (reply === undefined || reply === 'network-error')
      return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(
      new Response(reply.body, {
        status: reply.status ?? 200,
        headers: { 'content-type': reply.contentType ?? 'application/json' },
      }),
    );
  };
  const provider = new ProviderClient({
    apiBase: 'https://api.example.test/',
    getAccessToken: () => Promise.resolve(options.token === undefined ? 'tok-1' : options.token),
    fetch: fetchFn,
    ...(options.libraryBase ? { libraryBase: options.libraryBase } : {}),
  });
  return { provider, seen };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('ProviderClient requests', () => {
  it('reads the user from the token and {apiBase}/user/family, never the login host', async () => {
    const jwt = `e30.${Buffer.from('{"sub":"auth0|x"}').toString('base64url')}.c2ln`;
    const family = '{"family":{"members":[{"userId":"auth0|x","name":"Ann","email":"a@b.c"}]}}';
    const { provider, seen } = client([{ body: family }], { token: jwt });
    expect(await provider.getUser()).toEqual({ sub: 'auth0|x', name: 'Ann', email: 'a@b.c' });
    expect(seen.map((request) => request.url)).toEqual(['https://api.example.test/user/family']);
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${jwt}`);
  });

  it('a token that names no user is an expired session, asked of no one', async () => {
    const { provider, seen } = client([]);
    expect(await failure(provider.getUser())).toMatchObject({ status: 401, code: 'no-subject' });
    expect(seen).toHaveLength(0);
  });

  it('maps devices with defaults', async () => {
    const { provider, seen } = client([
      {
        body: '{"devices":[{"deviceId":"d1","online":true},{"deviceId":"d2","name":"Mini","deviceType":"mini"}]}',
      },
    ]);
    expect(await provider.getDevices()).toEqual([
      { deviceId: 'd1', name: 'd1', deviceType: 'yoto', online: true, description: '' },
      { deviceId: 'd2', name: 'Mini', deviceType: 'mini', online: false, description: '' },
    ]);
    expect(seen[0]!.url).toBe('https://api.example.test/device-v2/devices/mine');
  });

  it('lists own playlists without deleted cards', async () => {
    const { provider } = client([
      { body: '{"cards":[{"cardId":"a","title":"A"},{"cardId":"b","deleted":true}]}' },
    ]);
    expect((await provider.getPlaylists()).map((p) => p.cardId)).toEqual(['a']);
  });

  it('accepts family groups as a bare array or under "groups"', async () => {
    const group = { id: 'g1', name: 'G', items: [{ contentId: 'c' }] };
    const bare = client([{ body: JSON.stringify([group]) }]);
    const wrapped = client([{ body: JSON.stringify({ groups: [group] }) }]);
    const expected = [
      {
        id: 'g1',
        name: 'G',
        items: [{ contentId: 'c', addedAt: null }],
        imageUrl: null,
        createdAt: null,
        lastModifiedAt: null,
      },
    ];
    expect(await bare.provider.getFamilyLibraryGroups()).toEqual(expected);
    expect(await wrapped.provider.getFamilyLibraryGroups()).toEqual(expected);
    expect(bare.seen[0]!.url).toBe('https://api.example.test/card/family/library/groups');
  });

  it('sends family and content calls to libraryBase when set', async () => {
    const { provider, seen } = client(
      [{ body: '{"id":"g 1","name":"G","cards":[]}' }, { body: '{"card":{"cardId":"c1"}}' }],
      { libraryBase: '/api/yoto' },
    );
    await expect(provider.getFamilyLibraryGroup('g 1')).resolves.toMatchObject({ id: 'g 1', cards: [] });
    await expect(provider.getContent('c1')).resolves.toMatchObject({
      playlist: { cardId: 'c1' },
      chapters: [],
    });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/yoto/family/library/groups/g%201',
      '/api/yoto/content/c1?playable=true',
    ]);
  });

  it('replaces alarms by GET, full-block PUT, read back', async () => {
    const config = {
      device: { deviceId: 'd1', config: { alarms: ['old'], ambientColour: '#fff', maxVolumeLimit: 12 } },
    };
    const updated = { device: { deviceId: 'd1', config: { ...config.device.config, alarms: ['new'] } } };
    const { provider, seen } = client([
      { body: JSON.stringify(config) },
      { body: '{"status":"ok"}' },
      { body: JSON.stringify(updated) },
    ]);
    const result = await provider.replaceDeviceAlarms('d1', ['new']);
    expect(result.device.config.alarms).toEqual(['new']);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'PUT', 'GET']);
    expect(JSON.parse(seen[1]!.body!)).toEqual({
      deviceId: 'd1',
      config: { alarms: ['new'], ambientColour: '#fff', maxVolumeLimit: 12 },
    });
  });

  it('serialises alarm updates per player: the second reads the list the first wrote', async () => {
    const block = (alarms: string[]) =>
      JSON.stringify({ device: { deviceId: 'd1', config: { alarms, ambientColour: '#fff' } } });
    const { provider, seen } = client([
      { body: block(['a']) },
      { body: '{"status":"ok"}' },
      { body: block(['a', 'b']) },
      { body: block(['a', 'b']) },
      { body: '{"status":"ok"}' },
      { body: block(['a', 'b', 'c']) },
    ]);
    const append = (alarm: string) => (current: readonly string[]) => [...current, alarm];
    const [first, second] = await Promise.all([
      provider.updateDeviceAlarms('d1', append('b')),
      provider.updateDeviceAlarms('d1', append('c')),
    ]);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'PUT', 'GET', 'GET', 'PUT', 'GET']);
    expect(JSON.parse(seen[4]!.body!)).toEqual({
      deviceId: 'd1',
      config: { alarms: ['a', 'b', 'c'], ambientColour: '#fff' },
    });
    expect(first.device.config.alarms).toEqual(['a', 'b']);
    expect(second.device.config.alarms).toEqual(['a', 'b', 'c']);
  });

  it('a config change and an alarm write share the per-player queue: neither drops the other', async () => {
    const block = (config: Record<string, unknown>) => JSON.stringify({ device: { deviceId: 'd1', config } });
    const { provider, seen } = client([
      { body: block({ alarms: ['a'], nightTime: '18:20' }) },
      { body: '{"status":"ok"}' },
      { body: block({ alarms: ['a'], nightTime: '19:00' }) },
      { body: block({ alarms: ['a'], nightTime: '19:00' }) },
      { body: '{"status":"ok"}' },
      { body: block({ alarms: ['a', 'b'], nightTime: '19:00' }) },
    ]);
    const [night, alarms] = await Promise.all([
      provider.changeDeviceConfig('d1', (config) => ({ ...config, nightTime: '19:00' })),
      provider.updateDeviceAlarms('d1', (current) => [...current, 'b']),
    ]);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'PUT', 'GET', 'GET', 'PUT', 'GET']);
    expect(JSON.parse(seen[1]!.body!)).toEqual({
      deviceId: 'd1',
      config: { alarms: ['a'], nightTime: '19:00' },
    });
    expect(JSON.parse(seen[4]!.body!)).toEqual({
      deviceId: 'd1',
      config: { alarms: ['a', 'b'], nightTime: '19:00' },
    });
    expect(night.device.config).toEqual({ alarms: ['a'], nightTime: '19:00' });
    expect(alarms.device.config).toEqual({ alarms: ['a', 'b'], nightTime: '19:00' });
  });

  it('a failed alarm update rejects its caller and the next one still runs', async () => {
    const { provider, seen } = client([
      { status: 503, body: '' },
      { body: '{"device":{"deviceId":"d1","config":{"alarms":["a"]}}}' },
      { body: '{"status":"ok"}' },
      { body: '{"device":{"deviceId":"d1","config":{"alarms":["a","c"]}}}' },
    ]);
    const failed = provider.updateDeviceAlarms('d1', (current) => [...current, 'b']);
    const next = provider.updateDeviceAlarms('d1', (current) => [...current, 'c']);
    await expect(failed).rejects.toMatchObject({ status: 503 });
    await expect(next).resolves.toMatchObject({ device: { config: { alarms: ['a', 'c'] } } });
    expect(JSON.parse(seen[2]!.body!)).toMatchObject({ config: { alarms: ['a', 'c'] } });
  });

  it('reads device config alarms as [] when absent', async () => {
    const { provider } = client([{ body: '{"device":{"deviceId":"d1","config":{}}}' }]);
    expect((await provider.getDeviceConfig('d1')).device.config.alarms).toEqual([]);
  });
});

describe('ProviderClient errors', () => {
  it.each([
    [
      401,
      '{"error":{"code":"unauthorized","message":"Token expired"}}',
      'unauthorized',
      /HTTP 401: Token expired/,
    ],
    [403, '{"error":{"code":"forbidden","message":"No access"}}', 'forbidden', /HTTP 403: No access/],
    [404, '', null, /HTTP 404: not found/],
    [429, '<html>slow down</html>', null, /HTTP 429: too many requests/],
    [503, '\u00ff\u00fe garbage', null, /HTTP 503: the provider is having trouble/],
  ])('HTTP %i becomes ProviderError', async (status, body, code, message) => {
    const error = await failure(client([{ status, body }]).provider.getDevices());
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).toContain('GET /device-v2/devices/mine');
  });

  it('a network failure is status 0', async () => {
    const error = await failure(client(['network-error']).provider.getPlaylists());
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it.each([
    ['HTML', '<!doctype html><p>hi</p>', 'not-json'],
    ['empty', '', 'not-json'],
    ['wrong shape', '{"cards":"nope"}', 'malformed-response'],
    ['a card without id', '{"cards":[{"title":"x"}]}', 'malformed-response'],
    ['null', 'null', 'malformed-response'],
  ])('a 200 with %s body is a ProviderError', async (_name, body, code) => {
    const error = await failure(client([{ body }]).provider.getPlaylists());
    expect(error).toMatchObject({ status: 200, code });
  });

  it('without a token nothing is sent', async () => {
    const { provider, seen } = client([], { token: null });
    const error = await failure(provider.getUser());
    expect(error).toMatchObject({ status: 401, code: 'no-token', message: 'No access token available' });
    expect(seen).toHaveLength(0);
  });
});
