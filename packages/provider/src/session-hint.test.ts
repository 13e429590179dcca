import { describe, expect, it } from 'vitest';
import { AuthClient } from './auth-client';
import { DEFAULT_TOKEN_KEY, isRedirectCallback, mayHaveBrowserSession } from './session-hint';
import { browserTokenStore, memoryTokenStore } from './token-store';

const storage = (items: Record<string, string> = {}) => {
  const map = new Map(Object.entries(items));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};
const home = new URL('http://localhost:8080/');

describe('session hint', () => {
  it('no stored token and no OAuth answer: no session can exist', () => {
    expect(mayHaveBrowserSession(storage(), home)).toBe(false);
    expect(mayHaveBrowserSession(storage({ other: 'x' }), new URL('http://localhost:8080/?code=a'))).toBe(
      false,
    );
  });

  it('anything under the token key the browser token store writes may be a session', () => {
    const store = storage();
    browserTokenStore(store).save({ accessToken: 'a', refreshToken: null, idToken: null, expiresAt: 1 });
    expect(mayHaveBrowserSession(store, home)).toBe(true);
    expect(mayHaveBrowserSession(storage({ [DEFAULT_TOKEN_KEY]: 'corrupt' }), home)).toBe(true);
  });

  it('an OAuth answer, a code or an error with the state, may be a session', () => {
    for (const search of ['?code=a&state=s', '?error=access_denied&state=s']) {
      const url = new URL(`http://localhost:8080/${search}`);
      expect(isRedirectCallback(url)).toBe(true);
      expect(mayHaveBrowserSession(storage(), url)).toBe(true);
    }
    expect(isRedirectCallback(new URL('http://localhost:8080/?state=s'))).toBe(false);
  });

  it('is the rule the auth client applies', () => {
    const auth = new AuthClient(
      {
        authIssuer: 'http://provider.test',
        clientId: 'c',
        audience: 'a',
        scope: 'openid',
        redirectUri: 'http://localhost:8080/',
      },
      memoryTokenStore(),
      { pending: storage() },
    );
    for (const search of ['', '?code=a', '?state=s', '?code=a&state=s', '?error=x&state=s']) {
      const url = new URL(`http://localhost:8080/${search}`);
      expect(auth.isRedirectCallback(url)).toBe(isRedirectCallback(url));
    }
  });
});
