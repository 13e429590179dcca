import { describe, expect, it } from 'vitest';
import { greeting } from './display-name';

describe('greeting', () => {
  it('greets by the user’s name, trimmed', () => {
    expect(greeting({ name: 'Demo Parent' })).toBe('Welcome back, Demo Parent');
    expect(greeting({ name: '  Jo ' })).toBe('Welcome back, Jo');
  });

  it('says "Welcome back" without a name, never an id or a placeholder', () => {
    expect(greeting({ name: null })).toBe('Welcome back');
    expect(greeting({ name: '   ' })).toBe('Welcome back');
    expect(greeting(null)).toBe('Welcome back');
    expect(greeting(undefined)).toBe('Welcome back');
  });
});
