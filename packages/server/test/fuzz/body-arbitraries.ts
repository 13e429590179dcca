import fc from 'fast-check';

// Request bodies: near-valid objects for the route (each known field kept, dropped or given a value
// of the wrong type, plus fields nobody asked for), random JSON, ~100 KB strings, 5,000 levels of
// nesting sent as raw text, prototype-pollution keys, and bytes that are not JSON at all.

type Payload = string | Buffer | undefined;
type Fields = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** What the valid values of a body depend on: the fixture's users and its due alarm. */
interface BodyContext {
  users: readonly string[];
  dueAt: string;
}

const text = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });
const dayMask = fc
  .array(fc.constantFrom('0', '1'), { minLength: 7, maxLength: 7 })
  .map((bits) => bits.join(''));

const ALARM_FIELDS: Fields = {
  yoto_device_id: fc.constantFrom('player-1', 'bobs', 'player-2'),
  device_name: text(30),
  alarm_name: text(30),
  alarm_type: fc.constantFrom('wakeup', 'bedtime'),
  playlist_id: fc.constantFrom('card-1', 'card-2'),
  playlist_name: text(30),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  days: dayMask,
  volume: fc.integer({ min: 1, max: 10 }),
  is_enabled: fc.boolean(),
  mqtt_config: fc.option(fc.record({ broker_url: text(20), access_token: text(20) }, { requiredKeys: [] })),
};

// A browser's key (65 bytes) and auth secret (16), and endpoints of a push service and elsewhere.
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);
const ENDPOINT = fc.constantFrom(
  'https://fcm.googleapis.com/fcm/send/fuzz-1',
  'https://updates.push.services.mozilla.com/wpush/v2/fuzz-2',
  'http://169.254.169.254/latest/meta-data/',
  'https://127.0.0.1/push',
  'https://fcm.googleapis.com.evil.example/x',
);
/** The value a valid claim needs, four times as likely as all the others together. */
const weighted = (valid: string, others: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(valid), weight: 4 },
    { arbitrary: fc.constantFrom(...others), weight: 1 },
  );
const CLOCK = fc.constantFrom('21:00', '07:00', '00:00', '23:59', '24:00', '7:00', '');

const fieldsOf = (context: BodyContext): Readonly<Record<string, Fields>> => ({
  'POST /api/alarms': ALARM_FIELDS,
  'POST /api/alarms/by-type': ALARM_FIELDS,
  'PUT /api/alarms/:id': ALARM_FIELDS,
  'POST /api/users': {
    email: fc.option(text(40)),
    name: fc.option(text(40)),
    timezone: fc.option(fc.constantFrom('Europe/London', 'UTC', 'America/New_York', '', 'Mars/Olympus')),
    access_token: text(20),
  },
  'POST /api/devices': {
    yoto_device_id: fc.constantFrom('player-1', 'player-2', 'bobs'),
    device_name: text(30),
    device_type: fc.constantFrom('v3', 'mini'),
  },
  'POST /api/alarms/delete-by-type': { alarm_type: fc.constantFrom('wakeup', 'bedtime') },
  'POST /api/alarms/delete-all': {},
  'POST /api/alarms/:id/trigger': {
    due_at: fc.oneof(
      fc.constant(context.dueAt),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.constantFrom('2026-06-10T07:01:00+01:00', '2026-06-10T06:01:00Z', '0000-01-01T00:00:00Z'),
    ),
  },
  'POST /api/alarms/:id/pause': {
    through: fc.oneof(
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-30', '2026-6-1', '2099-12-31', '31/12/2099', ''),
    ),
  },
  // Routes that read no body: a body must still do no harm.
  'POST /api/alarms/:id/skip': {},
  'POST /api/alarms/:id/resume': {},
  'DELETE /api/alarms/:id': {},
  'DELETE /api/alarms/by-type/:type': {},
  'DELETE /api/alarms/clear-all': {},
  'PUT /api/favourites/:cardId': { title: text(40) },
  'POST /api/devices/:deviceId/alarm-holds': {
    alarm: fc.constantFrom(
      '1111111,0700,card-1,,,6,1',
      '1111111,0700,card-1,,,6,0',
      '0000011,0830,card-2,,,5,0',
    ),
    index: fc.integer({ min: -1, max: 2 }),
    change: fc.oneof(
      fc.constant({ action: 'skip' }),
      fc.constant({ action: 'resume' }),
      fc
        .constantFrom('2026-06-09', '2026-06-12', '2026-02-30', '')
        .map((through) => ({ action: 'pause', through })),
    ),
  },
  // The stub player's daily 07:00 rings at the fuzz clock's instant (06:00 UTC, 07:00 in London).
  // Only that one ringing is accepted, so the valid values are weighted up: with equal odds a run
  // of 1,000 could pass no valid claim at all (seen once in CI).
  'POST /api/devices/:deviceId/history/observed': {
    alarm: weighted('1111111,0700,card-1,,,6,1', ['0000011,0830,card-2,,,5,0', '']),
    due_at: weighted('2026-06-10T06:00:00.000Z', [context.dueAt, '2026-02-30T07:00:00Z', 'soon']),
    started_at: weighted('2026-06-10T05:59:58.000Z', ['2026-06-10T07:00:00+01:00', '']),
  },
  'DELETE /api/favourites/:cardId': {},
  'POST /api/push/subscriptions': {
    endpoint: ENDPOINT,
    expirationTime: fc.constantFrom(null, 0, 1_900_000_000_000),
    keys: fc.record({ p256dh: fc.constantFrom(P256DH, 'not base64!'), auth: fc.constantFrom(AUTH, '') }),
    kinds: fc.array(fc.constantFrom('alarm-not-played', 'low-battery', 'player-offline', 'everything'), {
      maxLength: 5,
    }),
  },
  'DELETE /api/push/subscriptions': { endpoint: ENDPOINT },
  'PUT /api/push/settings': { quietHours: fc.record({ start: CLOCK, end: CLOCK }) },
  'POST /auth/logout': {},
  'DELETE /api/session': {},
});

/** The write routes whose body fields this file knows; a route missing here is named by the test. */
export const knownBodyRoutes = (): string[] => Object.keys(fieldsOf({ users: [], dueAt: '' }));

const huge = fc.integer({ min: 90_000, max: 110_000 });
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53, '', ' ', '7', 'NaN', '\u0000'),
  fc.constantFrom([], {}, ['monday'], { $gt: '' }, { toString: 'x' }, [[[[]]]]),
  fc.jsonValue({ maxDepth: 2 }),
  text(300),
  fc.double(),
  fc.integer({ min: 101, max: 20_000 }).map((n) => 'y'.repeat(n)),
  huge.map((n) => 'z'.repeat(n)),
);
const extraKey = fc.oneof(
  fc.constantFrom(
    'id',
    'yoto_user_id',
    'created_at',
    'next_fire_at',
    'claimed_by',
    'access_token',
    'toString',
  ),
  fc.string({ maxLength: 12 }),
);

const ABSENT = Symbol('absent');

/**
 * An object of the route's fields: half the time all valid, else each field valid, missing or of a
 * wrong type; sometimes with extra fields. The all-valid half gets requests into the handlers.
 */
function nearValidObject(fields: Fields, context: BodyContext): fc.Arbitrary<Record<string, unknown>> {
  const claimedUser = fc.oneof(
    { arbitrary: fc.constant(ABSENT), weight: 3 },
    { arbitrary: fc.constantFrom(...context.users), weight: 2 },
    { arbitrary: fc.constantFrom('', ' '), weight: 1 },
  );
  const entries = Object.entries({ ...fields, yoto_user_id: claimedUser });
  const mutated = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { arbitrary: valid, weight: 6 },
      { arbitrary: fc.constant(ABSENT), weight: 1 },
      { arbitrary: wrongValue, weight: 1 },
    );
  const shaped = fc.oneof(
    fc.record(Object.fromEntries(entries)),
    fc.record(Object.fromEntries(entries.map(([key, valid]) => [key, mutated(valid)]))),
  );
  const extra = fc.option(fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
    freq: 4,
  });
  return fc.tuple(shaped, extra).map(([values, extraFields]) => {
    const body: Record<string, unknown> = { ...extraFields };
    for (const [key, value] of Object.entries(values)) if (value !== ABSENT) body[key] = value;
    return body;
  });
}

/** Opening, innermost value and closing of one level of each nesting shape. */
const NESTING = {
  array: ['[', '1', ']'],
  object: ['{"a":', '1', '}'],
  mixed: ['[{"a":', '1', '}]'],
  'in-field': ['[', '', ']'],
} as const satisfies Record<string, readonly [string, string, string]>;

/** 5,000 levels (and thereabouts) of arrays, objects or both, whole or cut short. */
const deepNesting = fc
  .record({
    depth: fc.constantFrom(5_000, 4_999, 1_000, 50_000),
    shape: fc.constantFrom<keyof typeof NESTING>('array', 'object', 'mixed', 'in-field'),
    cut: fc.boolean(),
  })
  .map(({ depth, shape, cut }) => {
    const [open, leaf, close] = NESTING[shape];
    const nested = open.repeat(depth) + leaf + close.repeat(cut ? Math.floor(depth / 2) : depth);
    return shape === 'in-field' ? `{"hour":${nested},"days":${nested}}` : nested;
  });

const RAW = [
  '',
  '{',
  '{"hour": 7,',
  'null x',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{}',
  '[]',
  'null',
  '""',
  '0',
  'true',
  '{"__proto__":{"yoto_user_id":"auth0|fuzz-bob"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"hour":1e400}',
  '{"hour":-0,"minute":1E1}',
  '{"hour":1,"hour":"x"}',
  '{"due_at":"2026-06-10T06:01:00.000Z","due_at":null}',
  '{"alarm_type":"wakeup\\u0000"}',
  '{"yoto_user_id":"\\ud800"}',
];

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

/** A raw payload for `METHOD url`; undefined sends none. */
export function bodyPayload(routeKey: string, context: BodyContext): fc.Arbitrary<Payload> {
  const fields = fieldsOf(context)[routeKey] ?? {};
  const nearValid = nearValidObject(fields, context);
  const fieldNames = ['yoto_user_id', ...Object.keys(fields)];
  return fc.oneof(
    { arbitrary: nearValid.map((body) => JSON.stringify(body)), weight: 20 },
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...fieldNames),
          huge,
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
        )
        .map(([field, size, unit]) =>
          JSON.stringify({ [field]: unit.repeat(Math.ceil(size / unit.length)) }),
        ),
      weight: 1,
    },
    { arbitrary: deepNesting, weight: 1 },
    { arbitrary: fc.constantFrom(...RAW), weight: 2 },
    { arbitrary: fc.string({ unit: printable, maxLength: 200 }), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
    {
      // The pollution keys next to a body that is otherwise fine.
      arbitrary: fc
        .tuple(nearValid, fc.constantFrom('__proto__', 'constructor'))
        .map(([body, key]) =>
          JSON.stringify(body).replace(/^\{/, `{"${key}":{"prototype":{"x":1}},`).replace(',}', '}'),
        ),
      weight: 1,
    },
  );
}
