import { describe, expect, it } from 'vitest';
import { MINI_DEVICE_ENTRY, REAL_V3_DEVICE_ENTRY } from '../../test/fixtures/device-list';
import { hasAmbientLight, isMini, noAmbientLightText } from './player-family';

describe('player families: a Mini has no ambient light', () => {
  it("reads a real Mini's device entry (family mini, type minie) as a Mini", () => {
    expect(isMini(MINI_DEVICE_ENTRY)).toBe(true);
    expect(hasAmbientLight(MINI_DEVICE_ENTRY)).toBe(false);
  });
  it('a v3 has one', () => {
    expect(isMini(REAL_V3_DEVICE_ENTRY)).toBe(false);
    expect(hasAmbientLight(REAL_V3_DEVICE_ENTRY)).toBe(true);
  });
  it('falls back to the type or form factor when the family is absent', () => {
    expect(isMini({ deviceType: 'minie' })).toBe(true);
    expect(isMini({ deviceType: 'yoto', formFactor: 'mini' })).toBe(true);
    expect(isMini({ deviceType: 'yoto' })).toBe(false);
  });
  it('says so in words', () => {
    expect(noAmbientLightText('Playroom Mini')).toBe('Playroom Mini is a Yoto Mini: it has no night light.');
  });
});
