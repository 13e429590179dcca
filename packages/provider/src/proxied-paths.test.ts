import { describe, expect, it } from 'vitest';
import {
  PROXIED_PATH_NAMES,
  PROXIED_PATHS,
  paramNamesOf,
  proxyRequestPath,
  upstreamRequestPath,
} from './proxied-paths';
import { parseProxiedParams, providerIdSchema } from './proxied-params';

describe('the proxied-paths table', () => {
  it('builds the browser’s and the provider’s path of each entry, ids encoded', () => {
    expect(proxyRequestPath('familyLibraryGroups', {})).toBe('/family/library/groups');
    expect(upstreamRequestPath('familyLibraryGroups', {})).toBe('/card/family/library/groups');
    expect(proxyRequestPath('familyLibraryGroup', { id: 'g 1' })).toBe('/family/library/groups/g%201');
    expect(upstreamRequestPath('familyLibraryGroup', { id: 'g1' })).toBe('/card/family/library/groups/g1');
    expect(proxyRequestPath('content', { cardId: '5WsQg' })).toBe('/content/5WsQg?playable=true');
    expect(upstreamRequestPath('content', { cardId: '5WsQg' })).toBe('/content/5WsQg?playable=true');
  });

  it('gives both sides of an entry the same parameter names', () => {
    for (const name of PROXIED_PATH_NAMES) {
      const upstreamNames = [...PROXIED_PATHS[name].upstreamPath.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect(upstreamNames, name).toEqual(paramNamesOf(name));
    }
    expect(paramNamesOf('content')).toEqual(['cardId']);
  });

  it('accepts URL-safe ids of 1 to 100 characters only', () => {
    for (const good of ['a', 'Ab_9-z', 'x'.repeat(100)])
      expect(providerIdSchema.safeParse(good).success).toBe(true);
    for (const bad of ['', 'a.b', 'a/b', 'a b', 'ä', 'x'.repeat(101)]) {
      expect(providerIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('parses an incoming request’s parameters, refusing a bad id', () => {
    expect(parseProxiedParams('familyLibraryGroup', { id: 'g1' })).toEqual({ id: 'g1' });
    expect(parseProxiedParams('familyLibraryGroups', {})).toEqual({});
    expect(() => parseProxiedParams('content', { cardId: '../device-v2' })).toThrow(/letters, digits/);
    expect(() => parseProxiedParams('content', {})).toThrow();
  });
});
