import { describe, expect, it } from 'vitest';
import { appViewFromSearch, withoutViewParams } from './app-view-link';

describe('appViewFromSearch', () => {
  it('reads the tab and, on Devices, the player', () => {
    expect(appViewFromSearch('?view=devices&device=abc-1')).toEqual({ tab: 'devices', deviceId: 'abc-1' });
    expect(appViewFromSearch('?view=alarms')).toEqual({ tab: 'alarms', deviceId: null });
    expect(appViewFromSearch('?view=alarms&device=abc')).toEqual({ tab: 'alarms', deviceId: null });
  });

  it('is null without a view, or for a view that does not exist', () => {
    expect(appViewFromSearch('')).toBeNull();
    expect(appViewFromSearch('?login_error=denied')).toBeNull();
    expect(appViewFromSearch('?view=admin')).toBeNull();
  });
});

describe('withoutViewParams', () => {
  it('drops view and device, keeps the rest', () => {
    expect(withoutViewParams('?view=devices&device=x')).toBe('');
    expect(withoutViewParams('?view=alarms&x=1')).toBe('?x=1');
  });
});
