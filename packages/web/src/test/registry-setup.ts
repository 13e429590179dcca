import { DeviceLinkRegistry } from '../services/device-link-registry';
import { InMemoryDeviceLink } from './device-link-twin';

// A device link registry over in-memory links, with its frames held for the test to run: the
// registry's tests share it.

/** The registry, its links by player, the frames it scheduled, what it logged, and its token. */
export const setupRegistry = (token: string | null = 'tok', statusPolling = false) => {
  /** What the token source hands out; a test may change it. */
  const source = { token };
  const frames: Array<() => void> = [];
  const logged: string[] = [];
  const links = new Map<string, InMemoryDeviceLink>();
  const registry = new DeviceLinkRegistry({
    getAccessToken: () => Promise.resolve(source.token),
    createLink: (deviceId, getAccessToken) => {
      const link = new InMemoryDeviceLink(true, { getAccessToken });
      links.set(deviceId, link);
      return Promise.resolve(link);
    },
    scheduleFrame: (callback) => frames.push(callback),
    statusPolling,
    log: (level, message) => void logged.push(`${level}: ${message}`),
  });
  return { registry, links, frames, logged, source };
};

export const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
