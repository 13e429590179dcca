import type { DeviceLinkRegistry } from './device-link-registry';
import type { SessionAuth } from './app-services';
import { PresenceWatcher } from './presence-watcher';

/** The browser's presence watcher: the provider's MQTT watch with the session's tokens, feeding the realtime store. */
export function createPresenceWatcher(
  brokerUrl: string,
  auth: Pick<SessionAuth, 'getAccessToken'>,
  devices: Pick<DeviceLinkRegistry, 'noteWatchedPresence' | 'forgetWatchedPresence'>,
): PresenceWatcher {
  return new PresenceWatcher({
    getAccessToken: () => auth.getAccessToken(),
    createWatch: async (getAccessToken) => {
      const { MqttPresenceWatch } = await import('@playlist-alarms/provider/presence-watch');
      return new MqttPresenceWatch({ brokerUrl, getAccessToken });
    },
    report: (deviceId, state) => devices.noteWatchedPresence(deviceId, state),
    forget: () => devices.forgetWatchedPresence(),
  });
}
