import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { accessTokenSubject } from './access-token';
import { AccountSession } from './account-session';
import type { AccountSessionOptions } from './account-session';
import { consoleLog, notifyAll } from './device-link-session';
import type { Log } from './device-link-session';
import type { DeviceMessage, LinkStatus, PlayerLink } from './device-link-types';

// Player links that share one MQTT session per account (account-session.ts): what the alarm worker
// opens for each player it prepares and rings. Each link is one player's view of its account's
// session, with the part of the device link's interface the worker uses (PlayerLink).

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
  link(): PlayerLink {
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

class AccountDeviceLink implements PlayerLink {
  private session: AccountSession | null = null;
  private currentDeviceId: string | null = null;
  private currentStatus: LinkStatus = 'disconnected';
  /** Bumped by every connect, leave and lost session, so superseded work stands down. */
  private generation = 0;
  private listening: Array<() => void> = [];
  private readonly messageHandlers = new Set<(message: DeviceMessage) => void>();

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

  /** Joins the player to its token's account session; false (the session logged why) when it could not. */
  async connect(deviceId: string, accessToken: string): Promise<boolean> {
    if (this.currentStatus !== 'disconnected') await this.leave();
    const generation = ++this.generation;
    this.currentDeviceId = deviceId;
    this.currentStatus = 'connecting';
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
      this.reset();
      return false;
    }
    this.session = session;
    this.listening = [
      session.onMessage((message) => {
        if (message.deviceId === deviceId) notifyAll(this.messageHandlers, message, this.log, 'message');
      }),
      session.onLost(() => {
        if (this.session !== session) return;
        this.log('warn', `MQTT connection to ${deviceId} closed`);
        this.stopListening();
        this.reset();
      }),
    ];
    this.currentStatus = 'connected';
    this.log('info', `MQTT connected to ${deviceId} (${session.players.length} on its account's session)`);
    // As the device link does: the player's state at once.
    this.send('status/request', null);
    this.send('events/request', null);
    return true;
  }

  /** False, and nothing sent, while not connected. */
  send<K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]): boolean {
    const session = this.session;
    const deviceId = this.currentDeviceId;
    if (session === null || deviceId === null || this.currentStatus !== 'connected') {
      this.log('warn', MESSAGES.mqttClientNotConnected);
      return false;
    }
    return session.send(deviceId, name, payload);
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  /** Leaves the account's session; resolves once its connection is closed, if this was its last player. */
  async dispose(): Promise<void> {
    await this.leave();
    this.messageHandlers.clear();
  }

  private async leave(): Promise<void> {
    const session = this.session;
    const deviceId = this.currentDeviceId;
    this.stopListening();
    this.reset();
    if (session !== null && deviceId !== null) await session.leave(deviceId);
  }

  private stopListening(): void {
    for (const stop of this.listening) stop();
    this.listening = [];
  }

  private reset(): void {
    this.generation++;
    this.session = null;
    this.currentDeviceId = null;
    this.currentStatus = 'disconnected';
  }
}
