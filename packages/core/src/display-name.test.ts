import { describe, expect, it } from 'vitest';
import { displayName, greeting } from './display-name';

describe('SPEC §2 display name rule', () => {
  it('uses the name first', () => {
    expect(displayName({ name: 'Demo Parent', sub: 'auth0|demo-parent' })).toBe('Demo Parent');
  });
  it('else the part of the id after a pipe', () => {
    expect(displayName({ name: null, sub: 'auth0|abc123' })).toBe('abc123');
    expect(displayName({ name: '  ', sub: 'auth0|abc123' })).toBe('abc123');
  });
  it('else the id itself', () => {
    expect(displayName({ sub: 'plain-id' })).toBe('plain-id');
    expect(displayName({ sub: 'ends-with|' })).toBe('ends-with|');
  });
  it('else Guest', () => {
    expect(displayName({ name: null, sub: null })).toBe('Guest');
    expect(displayName(null)).toBe('Guest');
    expect(displayName(undefined)).toBe('Guest');
  });
  it('greets with "Welcome back, {display name}"', () => {
    expect(greeting({ sub: 'auth0|x' })).toBe('Welcome back, x');
  });
});
