import { describe, expect, it } from 'vitest';
import { playTarget } from './play-target';
import { makeDevice } from '../../test/fixtures/builders';

const device = (deviceId: string, online: boolean) => makeDevice(deviceId, deviceId, online);

describe('playTarget', () => {
  it('finds no target when every player is offline or there is none', () => {
    expect(playTarget([])).toEqual({ kind: 'none' });
    expect(playTarget([device('a', false)])).toEqual({ kind: 'none' });
  });

  it('picks the only online player', () => {
    expect(playTarget([device('a', false), device('b', true)])).toEqual({
      kind: 'single',
      device: device('b', true),
    });
  });

  it('offers only the online players when several are online', () => {
    const result = playTarget([device('a', true), device('b', false), device('c', true)]);
    expect(result).toEqual({ kind: 'choose', devices: [device('a', true), device('c', true)] });
  });
});
