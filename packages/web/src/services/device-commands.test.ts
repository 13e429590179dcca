import { describe, expect, it } from 'vitest';
import { DeviceCommands } from './device-commands';
import { DeviceLinkRegistry } from './device-link-registry';
import { Notifier } from './notifier';
import { InMemoryDeviceLink } from '../test/device-link-twin';

// The service over the real registry and in-memory links: what is sent, what the user is told, and
// the local playback flags.

const setup = ({
  token = 'tok',
  createLink,
}: { token?: string | null; createLink?: (deviceId: string) => Promise<InMemoryDeviceLink> } = {}) => {
  const links = new Map<string, InMemoryDeviceLink>();
  const registry = new DeviceLinkRegistry({
    getAccessToken: () => Promise.resolve(token),
    createLink:
      createLink ??
      ((deviceId) => {
        const link = new InMemoryDeviceLink(deviceId !== 'refusing');
        links.set(deviceId, link);
        return Promise.resolve(link);
      }),
    scheduleFrame: (callback) => setTimeout(callback, 0),
    statusPolling: false,
    log: () => undefined,
  });
  const notifier = new Notifier();
  const commands = new DeviceCommands(registry, notifier);
  return { registry, links, notifier, commands, told: () => notifier.getSnapshot()?.message ?? null };
};

describe('DeviceCommands', () => {
  it('sends to a connected player and says "Device not connected via MQTT" to one that is not', async () => {
    const { commands, links, told } = setup();
    expect(commands.send('p1', 'volume/set', { volume: 50 })).toBe(false);
    expect(told()).toBe('Device not connected via MQTT');

    expect(await commands.connect({ deviceId: 'p1', name: 'Kitchen' })).toBe(true);
    expect(commands.send('p1', 'volume/set', { volume: 60 })).toBe(true);
    expect(links.get('p1')!.sent).toEqual([{ name: 'volume/set', payload: { volume: 60 } }]);
  });

  it('Play resumes a whole playlist (no secondsIn); a chapter in the URI starts there (secondsIn 0)', async () => {
    const { commands, links } = setup();
    await commands.connect({ deviceId: 'p1', name: 'Kitchen' });
    commands.startCard('p1', 'https://yoto.io/card7');
    commands.startCard('p1', 'https://yoto.io/card7#chapter=02');
    expect(links.get('p1')!.sent).toEqual([
      { name: 'card/start', payload: { uri: 'https://yoto.io/card7' } },
      { name: 'card/start', payload: { uri: 'https://yoto.io/card7#chapter=02', secondsIn: 0 } },
    ]);
  });

  it('sets the playback flags on a sent start, and for the player holding the card only', async () => {
    const { commands, registry } = setup();
    await commands.connect({ deviceId: 'p1', name: 'Kitchen' });
    await commands.connect({ deviceId: 'p2', name: 'Bedroom' });

    expect(commands.startCard('p1', 'https://yoto.io/card7')).toBe(true);
    expect(registry.getSnapshot().playback).toEqual({
      cardId: 'card7',
      deviceId: 'p1',
      isPlaying: true,
      isPaused: false,
    });
    // Another player's Pause is sent, but says nothing about the card p1 plays.
    expect(commands.control('p2', 'pause')).toBe(true);
    expect(registry.getSnapshot().playback.isPlaying).toBe(true);
    expect(commands.control('p1', 'pause')).toBe(true);
    expect(registry.getSnapshot().playback).toMatchObject({ isPlaying: false, isPaused: true });
  });

  it('sends a card\'s Stop to the player it plays on, and says "No device connected." without one', async () => {
    const { commands, registry, links, told } = setup();
    expect(commands.controlPlayback('stop')).toBe(false);
    expect(told()).toBe('No device connected.');

    await commands.connect({ deviceId: 'p1', name: 'Kitchen' });
    commands.startCard('p1', 'https://yoto.io/card7');
    expect(commands.controlPlayback('stop')).toBe(true);
    expect(links.get('p1')!.sentNames()).toEqual(['card/start', 'card/stop']);
    expect(registry.getSnapshot().playback.cardId).toBeNull();
  });

  it("tells a refused login by the link's reason, and a link that could not be made by its reason", async () => {
    const refused = setup();
    expect(await refused.commands.connect({ deviceId: 'refusing', name: 'Bedroom Player' })).toBe(false);
    expect(refused.told()).toBe(
      'Failed to connect to device: MQTT login refused or failed (Connection refused: Not authorized)',
    );

    const broken = setup({ createLink: () => Promise.reject(new Error('MQTT client failed to load')) });
    expect(await broken.commands.connect({ deviceId: 'p1', name: 'Kitchen' })).toBe(false);
    expect(broken.told()).toBe('Failed to connect to device: MQTT client failed to load');
  });

  it('says "No access token available" when there is no token, and makes no link', async () => {
    const { commands, links, told } = setup({ token: null });
    expect(await commands.connect({ deviceId: 'p1', name: 'Kitchen' })).toBe(false);
    expect(told()).toBe('No access token available');
    expect(links.size).toBe(0);
  });
});
