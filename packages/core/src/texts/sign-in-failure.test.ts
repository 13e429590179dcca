import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_FAILURES,
  failureOfProviderError,
  parseSignInFailure,
  safeErrorCode,
  signInFailureMessage,
  ungrantedScopesIn,
} from './sign-in-failure';

const details = { scopes: [], code: null, redirectUri: 'https://alarms.example/auth/callback' };

describe('failureOfProviderError', () => {
  it('tells ungranted scopes from a person cancelling, both access_denied', () => {
    expect(
      failureOfProviderError('access_denied', 'Client has not been granted scopes: openid, profile'),
    ).toBe('scopes');
    expect(failureOfProviderError('access_denied', 'User did not authorize the request')).toBe('denied');
    expect(failureOfProviderError('access_denied', undefined)).toBe('denied');
  });

  it('names each other OAuth error code', () => {
    expect(failureOfProviderError('invalid_request', 'redirect_uri is not allowed')).toBe('invalid-request');
    expect(failureOfProviderError('login_required', undefined)).toBe('login-required');
    expect(failureOfProviderError('consent_required', undefined)).toBe('login-required');
    expect(failureOfProviderError('unauthorized_client', undefined)).toBe('unauthorized-client');
    expect(failureOfProviderError('invalid_scope', undefined)).toBe('scopes');
    expect(failureOfProviderError('temporarily_unavailable', undefined)).toBe('unreachable');
    expect(failureOfProviderError('something_new', undefined)).toBe('other');
  });
});

describe('ungrantedScopesIn', () => {
  it('reads the scope list of the provider’s description, and nothing else', () => {
    expect(ungrantedScopesIn('Client has not been granted scopes: openid, profile')).toEqual([
      'openid',
      'profile',
    ]);
    expect(ungrantedScopesIn('Client has not been granted scopes: <script>, family:view')).toEqual([
      'family:view',
    ]);
    expect(ungrantedScopesIn('User did not authorize the request')).toEqual([]);
  });
});

describe('signInFailureMessage', () => {
  it('names the likely cause of every reason, never a bare "failed"', () => {
    for (const reason of SIGN_IN_FAILURES) {
      const message = signInFailureMessage(reason, details);
      expect(message.length).toBeGreaterThan(30);
      expect(message).not.toMatch(/^sign-in failed/i);
    }
  });

  it('lists the ungranted scopes, the redirect URI to register and an unknown code', () => {
    expect(signInFailureMessage('scopes', { ...details, scopes: ['openid', 'profile'] })).toContain(
      'not granted (openid, profile)',
    );
    expect(signInFailureMessage('invalid-request', details)).toContain(
      'https://alarms.example/auth/callback is not registered as a redirect URI',
    );
    expect(signInFailureMessage('denied', details)).toContain('cancelled');
    expect(signInFailureMessage('other', { ...details, code: 'odd_error' })).toContain('“odd_error”');
  });
});

describe('parsing what the address carries', () => {
  it('takes only known reasons and plain codes', () => {
    expect(parseSignInFailure('scopes')).toBe('scopes');
    expect(parseSignInFailure('failed')).toBeNull();
    expect(parseSignInFailure(null)).toBeNull();
    expect(safeErrorCode('access_denied')).toBe('access_denied');
    expect(safeErrorCode('<b>x</b>')).toBeNull();
  });
});
