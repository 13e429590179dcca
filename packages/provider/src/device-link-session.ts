import {
  DOCUMENTED_TOPICS,
  deviceTopics,
  MQTT_CLIENT_ID_PREFIX,
  mqttUsername,
} from '@playlist-alarms/core/device/mqtt-commands';
import { MQTT_KEEPALIVE_SECONDS, MQTT_RECONNECT_PERIOD_MS } from '@playlist-alarms/core/shared/constants';
import { failedToConnectToDevice, MESSAGES } from '@playlist-alarms/core/texts/messages';
// The default import is the one form both builds share: Node's CJS build and the browser ESM bundle
// (mqtt's "browser" export) whose only export is the default namespace object.
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';

// One MQTT session to one player: log in, subscribe, within one deadline. The device link keeps
// one at a time, two for a moment while it renews its token (make-before-break).

export type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

/**
 * Hands `value` to every handler; one that throws is logged ("MQTT {what} handler failed") and the
 * others still run. A copy of the set is walked: a handler may unsubscribe itself.
 */
export function notifyAll<T>(
  handlers: ReadonlySet<(value: T) => void>,
  value: T,
  log: Log,
  what: string,
): void {
  for (const handler of [...handlers]) {
    try {
      handler(value);
    } catch (error) {
      log('error', `MQTT ${what} handler failed: ${describeError(error)}`);
    }
  }
}

/** A link's log when its owner gives none: the console, at the matching level. */
export const consoleLog: Log = (level, message) => {
  if (level === 'error') console.error(message);
  else if (level === 'warn') console.warn(message);
  else console.info(message);
};

/** QoS 1 for commands and subscriptions: the provider recommends it for long-lived clients. */
export const MQTT_QOS = 1;

interface SessionOptions {
  brokerUrl: string;
  deviceId: string;
  accessToken: string;
  timeoutMs: number;
  keepaliveSeconds?: number | undefined;
  log: Log;
  /** Aborting ends the attempt (and the client) at once. */
  signal: AbortSignal;
}

/**
 * `DASH{deviceId}` plus a short per-connection suffix: the broker allows one connection per client id,
 * so two tabs, or a tab and the alarm worker, would otherwise evict each other (docs/provider-contract.md,
 * MQTT). The renewal's second session needs its own suffix for the same reason.
 */
export function clientIdFor(deviceId: string): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  const suffix = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${MQTT_CLIENT_ID_PREFIX}${deviceId}-${suffix}`;
}

/**
 * A logged-in, subscribed client, or why there is none (logged, client ended): the reason the message
 * "Failed to connect to device: {reason}" shows, null when the attempt was aborted.
 */
export type SessionResult = { client: MqttClient } | { client: null; failure: string | null };

export async function openSession(options: SessionOptions): Promise<SessionResult> {
  const { log } = options;
  let client: MqttClient;
  try {
    client = mqtt.connect(options.brokerUrl, {
      clientId: clientIdFor(options.deviceId),
      username: mqttUsername(options.deviceId),
      password: options.accessToken,
      keepalive: options.keepaliveSeconds ?? MQTT_KEEPALIVE_SECONDS,
      // Off: a lost session ends as a disconnect does; the link, not mqtt.js, decides whether to log in
      // again (with a fresh token).
      reconnectPeriod: MQTT_RECONNECT_PERIOD_MS,
      // Our own deadline reports the time-out; mqtt.js's is only a backstop behind it.
      connectTimeout: options.timeoutMs + 5_000,
      clean: true,
      protocolVersion: 4,
    });
  } catch (error) {
    const failure = `${MESSAGES.failedToCreateMqttClient}: ${describeError(error)}`;
    log('error', failure);
    return { client: null, failure };
  }
  // For the client's whole life: an 'error' without a listener would throw (EventEmitter), e.g. a
  // socket error arriving after a time-out; while connecting, awaitConnack reports errors itself.
  client.on('error', () => undefined);

  // Connected within 10 s means logged in and subscribed, so one deadline covers both steps.
  const deadline = startDeadline(options.timeoutMs, options.signal);
  const connack = await awaitConnack(client, deadline.reached, log);
  const failure =
    connack === true ? await subscribe(client, options.deviceId, deadline.reached, log) : connack;
  deadline.clear();
  if (failure === true && !options.signal.aborted) return { client };
  client.end(true);
  return { client: null, failure: failure === true || options.signal.aborted ? null : failure };
}

type Deadline = Promise<'timeout' | 'aborted'>;

/** Attempt outcome: true when done, else the failure's reason (null on abort). */
type Step = Promise<true | string | null>;

/** True on CONNACK; else (logged) the reason of a refusal, error, close or the deadline, null on abort. */
function awaitConnack(client: MqttClient, deadline: Deadline, log: Log): Step {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: true | string | null, message?: string) => {
      if (settled) return;
      settled = true;
      client.off('connect', onConnect);
      client.off('error', onError);
      client.off('close', onClose);
      if (message) log('error', message);
      resolve(result);
    };
    const fail = (reason: string) => finish(reason, failedToConnectToDevice(reason));
    const onConnect = () => finish(true);
    const onError = (error: Error) => fail(`MQTT login refused or failed (${error.message})`);
    const onClose = () => fail('MQTT connection closed');
    void deadline.then((why) =>
      why === 'timeout'
        ? finish(MESSAGES.mqttConnectionTimeout, MESSAGES.mqttConnectionTimeout)
        : finish(null),
    );
    client.on('connect', onConnect);
    client.on('error', onError);
    client.on('close', onClose);
  });
}

/**
 * The documented topics (`data/events`, `data/status`, `response`) must be granted: the broker
 * refuses them for another family's player. The legacy `events` and `status`, and `presence`,
 * are extras the real broker may refuse, so each goes in a SUBSCRIBE of its own (mqtt.js fails a
 * whole SUBSCRIBE when one topic is refused: a refused legacy topic must not cost the presence)
 * and a refusal is only logged.
 */
async function subscribe(client: MqttClient, deviceId: string, deadline: Deadline, log: Log): Step {
  const topics = deviceTopics(deviceId);
  const required: string[] = DOCUMENTED_TOPICS.map((name) => topics[name]);
  const extras = Object.values(topics).filter((topic) => !required.includes(topic));
  const documented = client.subscribeAsync(required, { qos: MQTT_QOS }).then(
    (grants) => !grants.some((grant) => grant.qos === 128) || 'refused',
    (error: unknown) => describeError(error),
  );
  const granted = (topic: string) =>
    client.subscribeAsync(topic, { qos: MQTT_QOS }).then(
      (grants) => !grants.some((grant) => grant.qos === 128),
      () => false,
    );
  const optional = Promise.all(extras.map(granted));
  const outcome = await Promise.race([Promise.all([documented, optional]), deadline]);
  if (outcome === 'aborted') return null;
  if (outcome === 'timeout') {
    log('error', MESSAGES.mqttConnectionTimeout);
    return MESSAGES.mqttConnectionTimeout;
  }
  const [documentedOk, optionalOk] = outcome;
  const refused = extras.filter((_, index) => !optionalOk[index]);
  if (refused.length > 0) log('warn', `MQTT subscribe refused for ${refused.join(', ')}`);
  if (documentedOk !== true) {
    const failure = `MQTT subscribe failed: ${documentedOk === 'refused' ? 'not authorized' : documentedOk}`;
    log('error', failure);
    return failure;
  }
  return true;
}

/**
 * Subscribes one more player's topics on a session already logged in (an account's shared session,
 * account-session.ts): true when its documented topics are granted, else the failure (logged).
 */
export async function subscribeDevice(
  client: MqttClient,
  deviceId: string,
  timeoutMs: number,
  log: Log,
): Promise<true | string> {
  const deadline = startDeadline(timeoutMs, new AbortController().signal);
  try {
    return (await subscribe(client, deviceId, deadline.reached, log)) ?? MESSAGES.mqttConnectionTimeout;
  } finally {
    deadline.clear();
  }
}

/**
 * mqtt-packet corks the stream for each packet and uncorks it on `process.nextTick`, which mqtt.js's
 * browser bundle polyfills with its own setTimeout(0) (mqttjs/MQTT.js#2053; no option changes it, and a
 * global shim would not reach the bundle's private `process`). A command clicked would then wait for the
 * click's re-renders and often a frame (30 ms median in the round-trip bench). Uncorking here writes the
 * packet in the caller's task; the deferred uncork then finds nothing corked and does nothing.
 */
export function writeNow(client: MqttClient): void {
  const stream = client.stream;
  while (stream.writableCorked > 0) stream.uncork();
}

/** Resolves 'timeout' after `ms`, or 'aborted' when the signal fires first, unless cleared. */
function startDeadline(ms: number, signal: AbortSignal): { reached: Deadline; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => undefined as void;
  const reached = new Promise<'timeout' | 'aborted'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    onAbort = () => resolve('aborted');
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return {
    reached,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
