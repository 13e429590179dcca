// The MQTT broker (aedes) with the provider's login rule: username = device id plus the
// custom-authorizer parameter, password = an access token of the device's owner. A client then
// reaches only its own family's players' topics, and may publish only commands to them.
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import { decodeJwt } from 'jose';
import type { AuthenticateError, Client } from 'aedes';
import { WebSocketServer } from 'ws';
import { mqttUsername } from '@playlist-alarms/core/device/mqtt-commands';
import { parseCommandTopic } from './command-schemas';
import type { Faults } from './faults';
import type { SeedDevice } from './household';
import type { TokenService } from './token-service';
import { webSocketPacketStream } from './ws-packet-stream';

interface BrokerDeps {
  tokens: TokenService;
  faults: Faults;
  /** Read on every login, so a reset household is seen at once. */
  devices: () => ReadonlyMap<string, SeedDevice>;
  /** Every message a client publishes (after authorization). */
  onMessage: (topic: string, payload: Buffer) => void;
}

interface Broker {
  publish(topic: string, message: unknown): void;
  /** Publishes bytes as they are: a misbehaving player's message (malformed, oversized). */
  publishRaw(topic: string, payload: Buffer): void;
  /** For the HTTP server's `upgrade` event: accepts MQTT over WebSocket at /mqtt. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  listenTcp(host: string, port: number): Promise<number>;
  /** Disconnects every client (they must log in again). */
  dropClients(): void;
  /** Logins accepted since start, and the clients connected now. */
  stats(): { connectionsOpened: number; connected: number };
  close(): Promise<void>;
}

// aedes' AuthErrorCode is an ambient const enum (unusable under isolatedModules): its values here.
type ReturnCode = AuthenticateError['returnCode'];
const BAD_USERNAME_OR_PASSWORD: ReturnCode = 4;
const NOT_AUTHORIZED: ReturnCode = 5;

const refusal = (message: string, returnCode: ReturnCode): AuthenticateError =>
  Object.assign(new Error(message), { returnCode });

/** The device id of a username such as `demo-player-1?x-amz-customauthorizer-name=PublicJWTAuthorizer`. */
function deviceIdOfUsername(username: string): string | null {
  const deviceId = username.split('?')[0] ?? '';
  return deviceId !== '' && mqttUsername(deviceId) === username ? deviceId : null;
}

/** The legacy `device/{id}/events` and `device/{id}/status`: still flowing, but not the documented ones. */
const isLegacyTopic = (topic: string): boolean => /^device\/[^/]+\/(events|status)$/.test(topic);

/**
 * When the broker ends a session: at its token's `exp`, as the real broker does
 * (docs/provider-contract.md, MQTT). The token was verified just before, so its `exp` is there and in the
 * future.
 */
function expiresAtMs(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** setTimeout's ceiling (about 24.8 days): a longer wait would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `device/{id}/…` → id; null for anything else, wildcards in the id included. */
function topicDeviceId(topic: string): string | null {
  const [root, deviceId, ...rest] = topic.split('/');
  if (root !== 'device' || !deviceId || rest.length === 0 || /[+#]/.test(deviceId)) return null;
  return deviceId;
}

export async function startBroker(deps: BrokerDeps): Promise<Broker> {
  const sessions = new WeakMap<Client, { familyId: string }>();
  const expiryTimers = new Map<Client, NodeJS.Timeout>();
  const endAtExpiry = (client: Client, token: string): void => {
    const at = expiresAtMs(token);
    if (at === null) return;
    const wait = Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      expiryTimers.delete(client);
      client.close();
    }, wait);
    timer.unref();
    expiryTimers.set(client, timer);
  };
  const mayUse = (client: Client | null, deviceId: string | null): boolean => {
    const session = client ? sessions.get(client) : undefined;
    const device = deviceId === null ? undefined : deps.devices().get(deviceId);
    return session !== undefined && device !== undefined && device.familyId === session.familyId;
  };

  const aedes = await Aedes.createBroker({
    // 'DASH' + device id + a per-connection suffix is longer than aedes' default of 23.
    maxClientsIdLength: 128,
    authenticate: (client, username, password, done) => {
      if (deps.faults.mqttRefuseLogin)
        return done(refusal('Login refused (fault knob)', NOT_AUTHORIZED), false);
      const deviceId = deviceIdOfUsername(username ?? '');
      if (deviceId === null || !password) {
        return done(refusal('Bad username or password', BAD_USERNAME_OR_PASSWORD), false);
      }
      const token = password.toString('utf8');
      void deps.tokens.verifyAccessToken(token).then((verified) => {
        const device = deps.devices().get(deviceId);
        if (!verified) return done(refusal('Invalid or expired token', BAD_USERNAME_OR_PASSWORD), false);
        if (!device || device.familyId !== verified.account.familyId) {
          return done(refusal('Not your device', NOT_AUTHORIZED), false);
        }
        sessions.set(client, { familyId: verified.account.familyId });
        endAtExpiry(client, token);
        return done(null, true);
      });
    },
    authorizeSubscribe: (client, subscription, done) => {
      // null grants nothing: the client gets SUBACK failure (128) for this topic.
      const refused = deps.faults.mqttRefuseLegacyTopics && isLegacyTopic(subscription.topic);
      done(null, !refused && mayUse(client, topicDeviceId(subscription.topic)) ? subscription : null);
    },
    authorizePublish: (client, packet, done) => {
      const command = parseCommandTopic(packet.topic);
      done(
        command && mayUse(client, command.deviceId)
          ? null
          : new Error(`Not allowed to publish to ${packet.topic}`),
      );
    },
  });

  aedes.on('publish', (packet, client) => {
    if (client) deps.onMessage(packet.topic, Buffer.from(packet.payload));
  });

  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<Socket>();
  const tcp: Server = createServer((socket) => {
    if (deps.faults.brokerDown) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  const clients = new Set<Client>();
  let connectionsOpened = 0;
  aedes.on('client', (client) => {
    connectionsOpened += 1;
    clients.add(client);
  });
  aedes.on('clientDisconnect', (client) => {
    clients.delete(client);
    clearTimeout(expiryTimers.get(client));
    expiryTimers.delete(client);
  });

  function publishRaw(topic: string, payload: Buffer): void {
    aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => undefined);
  }

  return {
    publish: (topic, message) => publishRaw(topic, Buffer.from(JSON.stringify(message))),
    publishRaw,
    handleUpgrade(request, socket, head) {
      const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
      if (path !== '/mqtt' || deps.faults.brokerDown) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        const stream = webSocketPacketStream(ws);
        // A client dropping its socket mid-frame must not crash the sandbox.
        stream.on('error', () => ws.terminate());
        aedes.handle(stream, request);
      });
    },
    listenTcp(host, port) {
      return new Promise((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, host, () => resolve((tcp.address() as AddressInfo).port));
      });
    },
    dropClients() {
      for (const client of clients) client.close();
    },
    stats: () => ({ connectionsOpened, connected: clients.size }),
    async close() {
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      expiryTimers.clear();
      for (const ws of wss.clients) ws.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (tcp.listening) await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
