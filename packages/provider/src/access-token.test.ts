import { describe, expect, it } from 'vitest';
import { accessTokenSubject } from './access-token';

const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (payload: unknown) =>
  `${base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2ln`;

describe('accessTokenSubject', () => {
  it('reads the sub of a JWT, pipes and non-ASCII included', () => {
    expect(accessTokenSubject(jwt({ sub: 'auth0|64f1a2b3', scope: 'offline_access' }))).toBe(
      'auth0|64f1a2b3',
    );
    expect(accessTokenSubject(jwt({ sub: 'google-oauth2|Zoë' }))).toBe('google-oauth2|Zoë');
  });

  it('is null for what is not a JWT with a sub', () => {
    expect(accessTokenSubject('opaque-token')).toBeNull();
    expect(accessTokenSubject(jwt({ scope: 'openid' }))).toBeNull();
    expect(accessTokenSubject(jwt({ sub: '' }))).toBeNull();
    expect(accessTokenSubject(jwt({ sub: 42 }))).toBeNull();
    expect(accessTokenSubject(`a.${base64Url('not json')}.c`)).toBeNull();
    expect(accessTokenSubject('a.b+c/.d')).toBeNull();
  });
});
