import { useCallback } from 'react';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { useDeviceCommands } from '../../services/device-commands';

export type SendCommand = <K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]) => boolean;

/** Sends one command to one player; without a connection nothing is sent and a notice says so. */
export function useDeviceCommand(deviceId: string): SendCommand {
  const commands = useDeviceCommands();
  return useCallback(
    <K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]) =>
      commands.send(deviceId, name, payload),
    [commands, deviceId],
  );
}
