import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import { parseCommandResponse } from '@playlist-alarms/core/device/device-messages';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { accessTokenSubject } from './access-token';
import { AccountSession } from './account-session';
import type { AccountSessionOptions } from './account-session';
import { DEFAULT_REQUEST_TIMEOUT_MS, PendingRequests } from './device-link-requests';
import { consoleLog, notifyAll } from './device-link-session';
import type { Log } from './device-link-session';
import type { DeviceLink, DeviceMessage, LinkStatus } from './device-link-types';

// Device links that share one MQTT session per account (account-session.ts): what the alarm worker
// opens for each player it prepares and rings. Each link is one player's view of its account's
// session, with the device link's interface, so the worker's ringing does not change.

type AccountLinksOptions = Omit<AccountSessionOptions, 'onEnded' | 'log'> & { log?: Log };

/**
 * Whose session a token opens: its `sub` (the account), unverified (the broker verifies). A token
 * that is not a JWT with one stands for itself. A household's borrowed token is another parent's
 * account, so it gets that parent's session, never the creator's.
 */
export function accountOf(accessToken: string): string {
  const subject = accessTokenSubject(accessToken);
  return subject === null ? `token:${accessToken}` : `sub:${subject}`;
}

export class AccountLinks {
  private readonly sessions = new Map<string, AccountSession>();
  private readonly log: Log;

  constructor(private readonly options: AccountLinksOptions) {
    this.log = options.log ?? consoleLog;
  }

  /** Sessions logged in or logging in: one per account with a player in use. */
  get size(): number {
    return this.sessions.size;
  }

  /** A new player link; its connect joins the session of its token's account. */
  link(): DeviceLink {
    return new AccountDeviceLink(this, this.log);
  }

  /**
   * The account's live session, or a new one: also when the live one's token is about to expire
   * (it goes on for the players on it until the broker ends it; they join the new one then).
   */
  sessionFor(accessToken: string): AccountSession {
    const account = accountOf(accessToken);
    const live = this.sessions.get(account);
    if (live !== undefined && !live.isEnded && live.freshAt(Date.now())) return live;
    const session = new AccountSession({
      ...this.options,
      log: this.log,
      onEnded: (ended) => {
        if (this.sessions.get(account) === ended) this.sessions.delete(account);
      },
    });
    this.sessions.set(account, session);
    return session;
  }
}

class AccountDeviceLink implements DeviceLink {
  private session: AccountSession | null = null;
  private currentDeviceId: string | null = null;
  private currentStatus: LinkStatus = 'disconnected';
  private currentConnectFailure: string | null = null;
  /** Bumped by every connect, disconnect and lost session, so superseded work stands down. */
  private generation = 0;
  private listening: Array<() => void> = [];
  private readonly requests = new PendingRequests();
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();
  private readonly statusHandlers = new Set<(status: LinkStatus) => void>();

  constructor(
    private readonly accounts: AccountLinks,
    private readonly log: Log,
  ) {}

  get status(): LinkStatus {
    return this.currentStatus;
  }

  get deviceId(): string | null {
    return this.currentDeviceId;
  }

  /** The shared session is not renewed: it ends with its token, and the next use logs in again. */
  get closeReason(): string | null {
    return null;
  }

  get connectFailure(): string | null {
    return this.currentConnectFailure;
  }

  async connect(deviceId: string, accessToken: string): Promise<boolean> {
    if (this.currentStatus !== 'disconnected') await this.disconnect();
    const generation = ++this.generation;
    this.currentDeviceId = deviceId;
    this.currentConnectFailure = null;
    this.setStatus('connecting');
    let session = this.accounts.sessionFor(accessToken);
    let joined = await session.join(deviceId, accessToken);
    // The broker ended the account's session while this player subscribed: a new one, once.
    if (!joined && session.wasLost && generation === this.generation) {
      session = this.accounts.sessionFor(accessToken);
      joined = await session.join(deviceId, accessToken);
    }
    if (generation !== this.generation) {
      if (joined) await session.leave(deviceId);
      return false;
    }
    if (!joined) {
      this.currentConnectFailure = session.failure;
      this.reset();
      return false;
    }
    this.session = session;
    this.listening = [
      session.onMessage((message) => {
        if (message.deviceId !== deviceId) return;
        if (message.kind === 'response') {
          const status = parseCommandResponse(message.payload);
          if (status) this.requests.settle(status);
        }
        notifyAll(this.messageHandlers, message, this.log, 'message');
      }),
      session.onLost(() => {
        if (this.session !== session) return;
        this.log('warn', `MQTT connection to ${deviceId} closed`);
        this.stopListening();
        this.reset();
      }),
    ];
    this.setStatus('connected');
    this.log('info', `MQTT connected to ${deviceId} (${session.players.length} on its account's session)`);
    // As the device link does: the player's state at once.
    this.send('status/request', null);
    this.send('events/request', null);
    return true;
  }

  /** Leaves the account's session; resolves once its connection is closed, if this was its last player. */
  async disconnect(): Promise<void> {
    const session = this.session;
    const deviceId = this.currentDeviceId;
    this.stopListening();
    this.reset();
    if (session !== null && deviceId !== null) await session.leave(deviceId);
  }

  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean {
    const session = this.session;
    const deviceId = this.currentDeviceId;
    if (session === null || deviceId === null || this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return false;
    }
    return session.send(deviceId, name, payload);
  }

  request<K extends DeviceCommandName>(
    name: K,
    payload: DevicePayloads[K],
    options: { timeoutMs?: number } = {},
  ): Promise<CommandResult> {
    if (this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return Promise.reject(new Error(MESSAGES.mqttClientNotConnected));
    }
    const body = payload === null ? '' : JSON.stringify(payload);
    const answer = this.requests.wait(name, body, options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
    this.send(name, payload);
    return answer;
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  onStatus(handler: (status: LinkStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => void this.statusHandlers.delete(handler);
  }

  /** Never called: see closeReason. */
  onCloseReason(): () => void {
    return () => undefined;
  }

  async dispose(): Promise<void> {
    await this.disconnect();
    this.messageHandlers.clear();
    this.statusHandlers.clear();
  }

  private stopListening(): void {
    for (const stop of this.listening) stop();
    this.listening = [];
  }

  private reset(): void {
    this.generation++;
    this.requests.rejectAll(MESSAGES.mqttClientNotConnected);
    this.session = null;
    this.currentDeviceId = null;
    this.setStatus('disconnected');
  }

  private setStatus(status: LinkStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    notifyAll(this.statusHandlers, status, this.log, 'status');
  }
}
