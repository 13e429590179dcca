import {
  notificationSettingsAnswer,
  pushKeyAnswer,
  pushSubscriptionAnswer,
  pushSubscriptionListAnswer,
} from '@playlist-alarms/core/notifications/push-answers';
import type { NotificationKind, QuietHours } from '@playlist-alarms/core/notifications/parent-notification';
import { httpErrorMessage } from '@playlist-alarms/core/texts/messages';

// This browser's Web Push (docs/decisions/push-notifications.md): the browser's permission and
// PushManager subscription, and the own backend's /api/push routes that keep it with the kinds it
// wants and the parent's quiet hours. The session cookie says whose; no user id is ever sent.

/** What the browser allows: no Push API at all, the parent blocked it, not asked yet, or allowed. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export interface BrowserPush {
  endpoint: string;
  kinds: NotificationKind[];
}

export interface PushSource {
  support(): PushSupport;
  /** This browser's subscription as the server keeps it, or null when it has none. */
  current(): Promise<BrowserPush | null>;
  /** Asks for permission (a click must lead here), subscribes the browser and tells the server. */
  subscribe(kinds: readonly NotificationKind[]): Promise<BrowserPush>;
  setKinds(kinds: readonly NotificationKind[]): Promise<BrowserPush>;
  unsubscribe(): Promise<void>;
  quietHours(): Promise<QuietHours>;
  setQuietHours(quiet: QuietHours): Promise<QuietHours>;
}

/** Thrown when the parent refuses the browser's permission prompt. */
export class PushPermissionDenied extends Error {}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export class BrowserPushClient implements PushSource {
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  support(): PushSupport {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
      return 'unsupported';
    return Notification.permission;
  }

  async current(): Promise<BrowserPush | null> {
    const subscription = await this.browserSubscription();
    if (subscription === null) return null;
    const { subscriptions } = await this.call('GET', '/api/push/subscriptions', pushSubscriptionListAnswer);
    const kept = subscriptions.find((s) => s.endpoint === subscription.endpoint);
    if (kept === undefined) return null;
    // The server's keys were replaced since this browser subscribed: the push service would refuse
    // every message signed with the new ones, so the subscription is renewed now, kinds and all.
    const { publicKey } = await this.call('GET', '/api/push/key', pushKeyAnswer);
    if (!madeForKey(subscription, publicKey) && this.support() === 'granted') {
      const registration = await navigator.serviceWorker.ready;
      return this.save(await this.subscriptionFor(registration.pushManager, publicKey), kept.kinds);
    }
    return { endpoint: kept.endpoint, kinds: kept.kinds };
  }

  async subscribe(kinds: readonly NotificationKind[]): Promise<BrowserPush> {
    if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
    const { publicKey } = await this.call('GET', '/api/push/key', pushKeyAnswer);
    const registration = await navigator.serviceWorker.ready;
    return this.save(await this.subscriptionFor(registration.pushManager, publicKey), kinds);
  }

  async setKinds(kinds: readonly NotificationKind[]): Promise<BrowserPush> {
    const subscription = await this.browserSubscription();
    if (subscription === null) return this.subscribe(kinds);
    return this.save(subscription, kinds);
  }

  async unsubscribe(): Promise<void> {
    const subscription = await this.browserSubscription();
    if (subscription !== null) await this.forget(subscription);
  }

  async quietHours(): Promise<QuietHours> {
    return (await this.call('GET', '/api/push/settings', notificationSettingsAnswer)).quietHours;
  }

  async setQuietHours(quiet: QuietHours): Promise<QuietHours> {
    const body = { quietHours: quiet };
    return (await this.call('PUT', '/api/push/settings', notificationSettingsAnswer, body)).quietHours;
  }

  private async save(
    subscription: PushSubscription,
    kinds: readonly NotificationKind[],
  ): Promise<BrowserPush> {
    const body = { ...subscription.toJSON(), kinds };
    const saved = await this.call('POST', '/api/push/subscriptions', pushSubscriptionAnswer, body);
    return { endpoint: saved.endpoint, kinds: saved.kinds };
  }

  /** The browser's subscription for `publicKey`: one made for an older key is forgotten first. */
  private async subscriptionFor(manager: PushManager, publicKey: string): Promise<PushSubscription> {
    const existing = await manager.getSubscription();
    if (existing !== null && madeForKey(existing, publicKey)) return existing;
    if (existing !== null) await this.forget(existing);
    return manager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
  }

  private async forget(subscription: PushSubscription): Promise<void> {
    // The server first: a browser that still holds the subscription can try again.
    const answer = await this.send('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    // 404: the server had dropped it already (the push service said it was gone).
    if (!answer.ok && answer.status !== 404) throw new Error(answer.message);
    await subscription.unsubscribe();
  }

  private async browserSubscription(): Promise<PushSubscription | null> {
    if (this.support() === 'unsupported') return null;
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  }

  private async send(method: string, path: string, body?: unknown) {
    // The session cookie is HttpOnly: the browser attaches it (same origin); the server checks Origin.
    const response = await this.fetcher(`${this.baseUrl}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => undefined);
    const message = httpErrorMessage(response.status, response.statusText, payload);
    return { ok: response.ok, status: response.status, payload, message };
  }

  private async call<T>(method: string, path: string, schema: Schema<T>, body?: unknown): Promise<T> {
    const answer = await this.send(method, path, body);
    if (!answer.ok) throw new Error(answer.message);
    const parsed = schema.safeParse(answer.payload);
    if (!parsed.success) throw new Error(`Unexpected answer from ${method} ${path}`);
    return parsed.data;
  }
}

/**
 * Whether the browser made `subscription` for the server's `publicKey`. A browser that does not say
 * which key (no `options.applicationServerKey`) is taken at its word: renewing it could not help.
 */
function madeForKey(subscription: PushSubscription, publicKey: string): boolean {
  const made = (subscription.options as PushSubscriptionOptions | undefined)?.applicationServerKey;
  if (made == null) return true;
  const expected = base64UrlBytes(publicKey);
  const actual = new Uint8Array(made);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
