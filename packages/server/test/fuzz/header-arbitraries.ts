import fc from 'fast-check';
import { APP_HOST, APP_ORIGIN, type Fixture } from './fixture';

// Request headers: mostly a real caller's (so the request reaches the route), with every credential
// the server must refuse, content types it does not parse, and headers of random names and values.
// Values stay within what an HTTP/1.1 parser lets through (visible ASCII and spaces).

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
const headerValue = fc.string({ unit: printable, maxLength: 60 });
const RESERVED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'authorization',
  'cookie',
  'origin',
  'content-type',
]);
const headerName = fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,20}$/).filter((name) => !RESERVED.has(name));

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset="',
  'application/json ; ; ;',
  'application/vnd.api+json',
  'application/*',
  '*/*',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  ';;;',
  '',
  ' ',
  'json',
];

const authorization = (tokens: Fixture['tokens']) =>
  fc.oneof(
    { arbitrary: fc.constant(`Bearer ${tokens.alice}`), weight: 24 },
    { arbitrary: fc.constant(`Bearer ${tokens.bob}`), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        `Bearer ${tokens.expired}`,
        `Bearer ${tokens.foreignKey}`,
        `Bearer ${tokens.noSubject}`,
        `Bearer ${tokens.wrongAudience}`,
        `Bearer ${tokens.alice}x`,
        `Bearer ${tokens.alice.slice(0, -4)}`,
        `bearer    ${tokens.alice}   `,
        `Bearer ${tokens.alice} ${tokens.bob}`,
        tokens.alice,
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        'Basic Zm9vOmJhcg==',
      ),
      weight: 3,
    },
    { arbitrary: headerValue, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 2 },
  );

const cookie = (sessionId: string) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 8 },
    { arbitrary: fc.constant(`pa_session=${sessionId}`), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        'pa_session=%E0%A4%A',
        'pa_session=',
        `pa_session=${sessionId}x`,
        `pa_session=${sessionId}; pa_session=other`,
        `other=1; pa_session=${encodeURIComponent(sessionId)}`,
        ';;=;',
      ),
      weight: 2,
    },
    { arbitrary: headerValue.map((value) => `pa_session=${value}`), weight: 1 },
    { arbitrary: headerValue, weight: 1 },
  );

const origin = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 5 },
  { arbitrary: fc.constant(APP_ORIGIN), weight: 4 },
  {
    arbitrary: fc.constantFrom('https://evil.test', 'null', `${APP_ORIGIN}:81`, APP_HOST, '', 'http://'),
    weight: 1,
  },
  { arbitrary: headerValue, weight: 1 },
);

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 24 },
  { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 4 },
  { arbitrary: headerValue, weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

const extraHeaders = fc.oneof(
  { arbitrary: fc.constant({}), weight: 6 },
  { arbitrary: fc.dictionary(headerName, headerValue, { maxKeys: 4 }), weight: 2 },
  {
    arbitrary: fc.record(
      {
        'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', '*', 'identity;q=0', 'gzip;q=x'),
        'accept-version': fc.constantFrom('1.0.0', '*', 'x'),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1'),
        'x-forwarded-proto': fc.constantFrom('https', 'gopher'),
        expect: fc.constant('100-continue'),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
        accept: fc.constantFrom('text/html', 'application/json', '*/*', ''),
      },
      { requiredKeys: [] },
    ),
    weight: 2,
  },
);

const host = fc.oneof(
  { arbitrary: fc.constant(APP_HOST), weight: 15 },
  { arbitrary: headerValue, weight: 1 },
);

/** A full set of request headers (names lower-case, undefined ones left out). */
export function headerSet(fixture: Fixture): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      extra: extraHeaders,
      host,
      authorization: authorization(fixture.tokens),
      cookie: cookie(fixture.sessionId),
      origin,
      'content-type': contentType,
    })
    .map(({ extra, ...named }) => {
      const headers: Record<string, string> = { ...extra };
      for (const [name, value] of Object.entries(named)) if (value !== undefined) headers[name] = value;
      return headers;
    });
}
