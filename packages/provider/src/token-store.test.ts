import { describe, expect, it } from 'vitest';
import type { TokenSet } from './auth-types';
import { DEFAULT_TOKEN_KEY, browserTokenStore, memoryTokenStore, type KeyValueStorage } from './token-store';

// A real Storage implementation over a Map (Node has no localStorage); the store only uses these three methods.
class MapStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const tokens: TokenSet = {
  accessToken: 'a1',
  refreshToken: 'r1',
  idToken: null,
  expiresAt: 1_700_000_000_000,
};

describe('browserTokenStore', () => {
  it('saves, loads and clears under the default key', () => {
    const storage = new MapStorage();
    const store = browserTokenStore(storage);
    expect(store.load()).toBeNull();
    store.save(tokens);
    expect(storage.items.has(DEFAULT_TOKEN_KEY)).toBe(true);
    expect(store.load()).toEqual(tokens);
    store.clear();
    expect(store.load()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('uses the given key', () => {
    const storage = new MapStorage();
    browserTokenStore(storage, 'other').save(tokens);
    expect([...storage.items.keys()]).toEqual(['other']);
    expect(browserTokenStore(storage).load()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a JSON string', '"token"'],
    ['missing access token', JSON.stringify({ refreshToken: 'r', idToken: null, expiresAt: 1 })],
    ['expiresAt as text', JSON.stringify({ ...tokens, expiresAt: 'soon' })],
    ['empty access token', JSON.stringify({ ...tokens, accessToken: '' })],
  ])('treats corrupt data (%s) as no token', (_name, raw) => {
    const storage = new MapStorage();
    storage.setItem(DEFAULT_TOKEN_KEY, raw);
    expect(browserTokenStore(storage).load()).toBeNull();
  });
});

describe('memoryTokenStore', () => {
  it('starts with the initial tokens and hands out copies', () => {
    const store = memoryTokenStore(tokens);
    const loaded = store.load();
    expect(loaded).toEqual(tokens);
    loaded!.accessToken = 'changed';
    expect(store.load()?.accessToken).toBe('a1');
    store.save({ ...tokens, accessToken: 'a2' });
    expect(store.load()?.accessToken).toBe('a2');
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('starts empty without initial tokens', () => {
    expect(memoryTokenStore().load()).toBeNull();
  });
});
