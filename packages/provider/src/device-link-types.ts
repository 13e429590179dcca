import type { DeviceMessageKind } from '@playlist-alarms/core/device-messages';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/mqtt-commands';

// The device link's public face: one class implements it (device-link.ts); components never touch MQTT.

export type LinkStatus = 'disconnected' | 'connecting' | 'connected';

/** One kind per topic family (core's classifyDeviceTopic decides it). */
export type { DeviceMessageKind };

export interface DeviceMessage {
  deviceId: string;
  kind: DeviceMessageKind;
  topic: string;
  /** Parsed JSON; validate with core's schemas before use. */
  payload: unknown;
}

export interface DeviceLinkOptions {
  /** MQTT over WebSocket URL, e.g. ws://localhost:8090/mqtt or wss://…amazonaws.com */
  brokerUrl: string;
  /** Default 10 000 ms (SPEC §9). */
  connectTimeoutMs?: number;
  /** Default 300 s (SPEC §9). */
  keepaliveSeconds?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface DeviceLink {
  readonly status: LinkStatus;
  readonly deviceId: string | null;
  /** Resolves true when connected and subscribed; false (and logs) on failure or time-out. */
  connect(deviceId: string, accessToken: string): Promise<boolean>;
  /** Ends the session at once and forgets device id and token. */
  disconnect(): Promise<void>;
  /** False, and nothing sent, while not connected ("MQTT client not connected" is logged). */
  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean;
  /** Every JSON message on the subscribed topics; returns unsubscribe. */
  onMessage(handler: (message: DeviceMessage) => void): () => void;
  onStatus(handler: (status: LinkStatus) => void): () => void;
  dispose(): Promise<void>;
}
