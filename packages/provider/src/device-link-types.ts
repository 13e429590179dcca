import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import type { DeviceMessageKind } from '@playlist-alarms/core/device/device-messages';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';

// The device link's public face: one class implements it (device-link.ts); components never touch MQTT.

export type LinkStatus = 'disconnected' | 'connecting' | 'connected';

/** One kind per topic family (core's classifyDeviceTopic decides it). */
export type { DeviceMessageKind };
/** A player's answer to one command: its key, 'OK'/'FAIL' and the echoed request body. */
export type { CommandResult };

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
  /** Default 10 000 ms; after it the page says "MQTT connection timeout". */
  connectTimeoutMs?: number;
  /** Default 300 s, the keepalive the provider's broker expects. */
  keepaliveSeconds?: number;
  /** How long request() waits for the player's response; default 5 000 ms. */
  requestTimeoutMs?: number;
  /**
   * Fresh access tokens (the web passes its auth client's getAccessToken). With it the link logs in
   * again before the broker ends the session at the token's expiry, and after it did; without it a
   * session ends with its token.
   */
  getAccessToken?: () => Promise<string | null>;
  /** The same message on the legacy and the documented topic within this time counts once; default 2 000 ms. */
  twinWindowMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface DeviceLink {
  /** Stays 'connected' while the link renews its token; 'connecting' while it logs in again after the broker ended a session. */
  readonly status: LinkStatus;
  readonly deviceId: string | null;
  /**
   * Why the last session ended, while the link recovers from it: "Connection closed: token expired —
   * reconnecting" (core's MESSAGES.connectionClosedTokenExpired); null once connected again.
   */
  readonly closeReason: string | null;
  /**
   * Why the last connect() failed, for the page's "Failed to connect to device: {reason}", e.g.
   * "MQTT login refused or failed (Not authorized)" or "MQTT connection timeout"; null after a
   * successful connect, and when the attempt was superseded by another connect or a disconnect.
   */
  readonly connectFailure: string | null;
  /** Resolves true when connected and subscribed; false (and logs) on failure or time-out. */
  connect(deviceId: string, accessToken: string): Promise<boolean>;
  /** Ends the session at once and forgets device id and token. */
  disconnect(): Promise<void>;
  /** False, and nothing sent, while not connected ("MQTT client not connected" is logged). */
  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean;
  /**
   * Sends a command and resolves with the player's response to it (OK or FAIL). Rejects while not
   * connected, when the link disconnects, or after the time-out ("No response from the player to …").
   */
  request<K extends DeviceCommandName>(
    name: K,
    payload: DevicePayloads[K],
    options?: { timeoutMs?: number },
  ): Promise<CommandResult>;
  /** Every JSON message on the subscribed topics, each once (twins dropped); returns unsubscribe. */
  onMessage(handler: (message: DeviceMessage) => void): () => void;
  onStatus(handler: (status: LinkStatus) => void): () => void;
  onCloseReason(handler: (reason: string | null) => void): () => void;
  dispose(): Promise<void>;
}

/**
 * What the server's alarm worker uses of a player's link: connect, command, hear, dispose. Its
 * account links (account-links.ts) are this much; the page's MqttDeviceLink is a whole DeviceLink.
 */
export type PlayerLink = Pick<
  DeviceLink,
  'status' | 'deviceId' | 'connect' | 'send' | 'onMessage' | 'dispose'
>;

/**
 * One listen-only MQTT session for the presence of every player of the family (presence-watch.ts):
 * it subscribes to each player's presence topic and legacy status (for `shutDown`), renews with fresh
 * tokens, reconnects by itself, and never publishes, so it wakes no player and keeps none awake.
 */
export interface PresenceWatch {
  /** The players to watch from now on; an empty list ends the session. The first names the login. */
  setDevices(deviceIds: readonly string[]): void;
  /** Presence and legacy status messages of the watched players, as JSON; returns unsubscribe. */
  onMessage(handler: (message: DeviceMessage) => void): () => void;
  /** True once a session is logged in and subscribed, false when it is lost or ended. */
  onWatching(handler: (watching: boolean) => void): () => void;
  dispose(): Promise<void>;
}
