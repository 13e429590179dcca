import { describe, expect, it } from 'vitest';
import { seedHousehold } from './seed-household';
import { playerHarness } from '../test/support/player-harness';

describe("the Playroom Mini is a Mini, as a real one's entry says", () => {
  it('seeded as a Mini (family mini, form factor mini, third generation)', () => {
    const mini = seedHousehold().devices.get('demo-player-2');
    expect(mini).toMatchObject({
      name: 'Playroom Mini',
      productType: 'mini',
      formFactor: 'mini',
      generation: 'gen3',
    });
  });

  it('ignores ambients/set: it has no ambient light, so nothing lights up', () => {
    const h = playerHarness({ deviceId: 'demo-player-2' });
    const before = h.player.snapshot();
    h.command('ambients/set', { r: 255, g: 0, b: 0 });
    expect(h.player.snapshot()).toMatchObject({ nightlightMode: 'off', ambient: before.ambient });
    expect(h.statuses()).toEqual([]);
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ nightlightMode: 'off' });
  });

  it('a v3 lights up the same colour', () => {
    const h = playerHarness({ deviceId: 'demo-player-1' });
    h.command('ambients/set', { r: 255, g: 0, b: 0 });
    expect(h.player.snapshot()).toMatchObject({ nightlightMode: '#ff0000' });
  });
});
