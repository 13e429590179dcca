import fc from 'fast-check';

// Path segments and query strings as a hostile client writes them. inject parses the URL as a
// browser would (dot segments resolved), so traversal comes percent-encoded, as it does past a
// browser; everything else reaches the router as written.

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
const printableText = (maxLength: number) => fc.string({ unit: printable, maxLength });

const percentEncodedBytes = fc
  .uint8Array({ minLength: 1, maxLength: 12 })
  .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));

const TRAVERSAL = [
  '..',
  '../',
  '..%2F',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2E%2E%5C',
  '..%5c..%5c',
  '%252e%252e%252f',
  '%c0%ae%c0%ae%c0%af',
  '.%00.',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  'a%2Fb',
  '%20',
  '+',
  'a b',
  'a#b',
  'a?b=1',
  'a;b',
  'a/b',
  '\\..\\',
  'undefined',
  'null',
  '__proto__',
  'constructor',
];

/** A value for a path parameter; `known` are ids that exist (so some requests reach the rows). */
export const pathSegment = (known: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 10 },
    { arbitrary: fc.constantFrom(...TRAVERSAL), weight: 3 },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/), weight: 2 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), weight: 1 },
    { arbitrary: printableText(40).filter((text) => text.length > 0), weight: 2 },
    { arbitrary: percentEncodedBytes, weight: 2 },
    // Around the router's 100-character parameter limit, and far past it.
    { arbitrary: fc.integer({ min: 95, max: 105 }).map((n) => 'i'.repeat(n)), weight: 1 },
    { arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
    { arbitrary: fc.constantFrom(...known).map((id) => `${id}/extra`), weight: 1 },
  );

const queryValue = (known: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...known),
    fc.constant(''),
    fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
    printableText(20),
    percentEncodedBytes,
  );
const queryKey = fc.oneof(
  fc.constantFrom('yoto_user_id', 'id', 'type', 'alarm_type', '__proto__', 'constructor', 'a[]', 'a[b]'),
  printableText(10),
);

/** `?…` or nothing; `users` are values for yoto_user_id (the caller's, another's). */
export const queryString = (users: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(''), weight: 4 },
    {
      arbitrary: fc
        .array(fc.tuple(queryKey, queryValue(users)), { minLength: 1, maxLength: 4 })
        .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
      weight: 4,
    },
    {
      arbitrary: fc
        .constantFrom(...users, '', '%', 'a&yoto_user_id=b')
        .map((user) => `?yoto_user_id=${encodeURIComponent(user)}`),
      weight: 3,
    },
    { arbitrary: printableText(60).map((raw) => `?${raw}`), weight: 2 },
    {
      arbitrary: fc.integer({ min: 2_000, max: 60_000 }).map((n) => `?yoto_user_id=${'u'.repeat(n)}`),
      weight: 1,
    },
  );

/** A route's URL with each `:param` filled from `values` by name. */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_whole, name: string) => values[name] ?? 'x');
}

export const paramNames = (template: string): string[] =>
  [...template.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
