import * as z from 'zod/mini';
import type { UserProfile } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import type { ProviderRetrying, SessionAuth } from './app-services';
import { afterFirstView } from '../lib/first-view';
import { forgetBrowserPush, renewBrowserPush } from './session-push';

// The page's side of the server-held session (docs/decisions/server-held-sessions.md): the server
// keeps the token pair behind an HttpOnly cookie; the page asks GET /api/session for a short-lived
// access token (the broker's password, the provider's bearer) and keeps it in memory only.

// Who is signed in comes from here too: the page never asks the provider's login host.
const sessionAnswer = z.object({
  user: z.object({ id: z.string(), name: z.nullable(z.string()), email: z.nullable(z.string()) }),
  accessToken: z.nullable(z.string().check(z.minLength(1))),
  expiresAt: z.nullable(z.string()),
  /** The token ran out and the provider cannot renew it yet: signed in, nothing to use until then. */
  retrying: z.optional(z.nullable(z.object({ message: z.string(), retryAt: z.string() }))),
});
const errorAnswer = z.object({ error: z.string() });

/** The server refused the session (a refresh the provider turned down): "Session expired". */
export class SessionExpiredError extends Error {
  constructor() {
    super(MESSAGES.sessionExpired);
    this.name = 'SessionExpiredError';
  }
}

/** Whether the session is over: the error, or the one it wraps (a sync's context), says so. */
export function sessionEnded(error: unknown): boolean {
  return (
    error instanceof SessionExpiredError ||
    (error instanceof Error && error.cause instanceof SessionExpiredError)
  );
}

interface Held {
  token: string;
  expiresAt: number;
  /** When the page got it: the margin is a share of the token's lifetime. */
  receivedAt: number;
}

/** The server cannot renew the session's token just now (the provider is down or busy): try later. */
export class ProviderRetryingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRetryingError';
  }
}

/** While retrying, ask the server again no sooner or later than this. */
const RETRY_DELAY_MS = { min: 1_000, max: 30_000 };

/** Ask again this long before expiry: a quarter of the lifetime, at most 45 s (inside the server's 60 s). */
const renewMargin = (held: Held) => Math.min(45_000, (held.expiresAt - held.receivedAt) / 4);

interface ServerSessionOptions {
  /** '' for the app's own origin. */
  backendBase: string;
  fetch?: typeof fetch;
  now?: () => number;
  navigate?: (url: string) => void;
  /** Runs `callback` after `delayMs`; returns a cancel. Default: setTimeout. */
  schedule?: (callback: () => void, delayMs: number) => () => void;
  /** Before the session ends: this browser's push subscription goes (services/session-push.ts). */
  forgetPush?: () => Promise<void>;
  /** Once a session is found at start: a stale push subscription is renewed (services/session-push.ts). */
  renewPush?: () => Promise<void>;
}

type Answer = Held | { retrying: ProviderRetrying } | null;

export class ServerSession implements SessionAuth {
  private held: Held | null = null;
  private user: UserProfile | null = null;
  private retrying: ProviderRetrying | null = null;
  private cancelCheck: (() => void) | null = null;
  private asking: Promise<Answer> | null = null;
  private readonly expiredListeners = new Set<() => void>();
  private readonly retryingListeners = new Set<(retrying: ProviderRetrying | null) => void>();
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly forgetPush: () => Promise<void>;
  private readonly renewPush: () => Promise<void>;

  constructor(private readonly options: ServerSessionOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.forgetPush = options.forgetPush ?? (() => forgetBrowserPush(options.backendBase, this.fetch));
    // After the first view: its downloads come first.
    this.renewPush =
      options.renewPush ??
      (() =>
        new Promise<void>((resolve, reject) =>
          afterFirstView(() => void renewBrowserPush(options.backendBase, this.fetch).then(resolve, reject)),
        ));
  }

  login(): void {
    const navigate = this.options.navigate ?? ((url: string) => window.location.assign(url));
    navigate(`${this.options.backendBase}/auth/login`);
  }

  async restore(): Promise<boolean> {
    const found = (await this.ask()) !== null;
    if (found) {
      void this.renewPush().catch((failure: unknown) =>
        console.warn('[push] could not renew this browser’s notifications', failure),
      );
    }
    return found;
  }

  async getAccessToken(): Promise<string | null> {
    const held = this.held;
    if (held && held.expiresAt - this.now() > renewMargin(held)) return held.token;
    let answer: Answer;
    try {
      answer = await this.ask();
    } catch (error) {
      // Expired: the listeners have been told. Anything else (offline, 5xx): the caller's error.
      if (error instanceof SessionExpiredError) return null;
      throw error;
    }
    if (answer !== null && 'retrying' in answer) throw new ProviderRetryingError(answer.retrying.message);
    return answer?.token ?? null;
  }

  async currentUser(): Promise<UserProfile> {
    if (this.user === null) await this.ask();
    if (this.user === null) throw new SessionExpiredError();
    return this.user;
  }

  onRetrying(listener: (retrying: ProviderRetrying | null) => void): () => void {
    this.retryingListeners.add(listener);
    listener(this.retrying);
    return () => this.retryingListeners.delete(listener);
  }

  onExpired(listener: () => void): () => void {
    this.expiredListeners.add(listener);
    return () => this.expiredListeners.delete(listener);
  }

  /**
   * Asks the server at once whether the session still stands: a backend call was refused (401),
   * so it may have ended elsewhere. Calls at once share one request; the listeners hear the outcome.
   */
  recheck(): void {
    void this.ask().catch(() => undefined);
  }

  async logout(): Promise<void> {
    // While the session still says whose the subscription is. A failure must not keep the parent
    // signed in: it is logged, and the subscription stays until the push service drops it.
    await this.forgetPush().catch((failure: unknown) =>
      console.warn('[auth] could not remove this browser’s notifications', failure),
    );
    this.held = null;
    this.user = null;
    this.setRetrying(null);
    this.cancelCheck?.();
    this.cancelCheck = null;
    const response = await this.fetch(`${this.options.backendBase}/auth/logout`, {
      method: 'POST',
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`Logout failed with HTTP ${response.status}`);
  }

  /** One request at a time: tabs' and links' callers share it (the server serialises refreshes). */
  private ask(): Promise<Answer> {
    this.asking ??= this.request().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  private setRetrying(retrying: ProviderRetrying | null): void {
    const same =
      retrying === this.retrying ||
      (retrying?.message === this.retrying?.message && retrying?.retryAt === this.retrying?.retryAt);
    if (same) return;
    this.retrying = retrying;
    for (const listener of this.retryingListeners) listener(retrying);
  }

  /**
   * Asks the server again by itself: just before the token needs renewing, so the page learns at
   * once when the provider cannot renew it, and while retrying, when the server will try again.
   */
  private checkAgainIn(delayMs: number): void {
    this.cancelCheck?.();
    const schedule =
      this.options.schedule ??
      ((callback: () => void, ms: number) => {
        const handle = setTimeout(callback, ms);
        return () => clearTimeout(handle);
      });
    this.cancelCheck = schedule(() => {
      this.cancelCheck = null;
      void this.ask().catch(() => undefined); // its listeners hear the outcome
    }, delayMs);
  }

  private async request(): Promise<Answer> {
    const response = await this.fetch(`${this.options.backendBase}/api/session`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      const wasHeld = this.held !== null || this.user !== null;
      this.held = null;
      this.user = null;
      this.setRetrying(null);
      const error = errorAnswer.safeParse(body);
      if (error.success && error.data.error === MESSAGES.sessionExpired) {
        for (const listener of this.expiredListeners) listener();
        throw new SessionExpiredError();
      }
      // No session at all; one that vanished while held ended on the server (logged out elsewhere).
      if (wasHeld) for (const listener of this.expiredListeners) listener();
      return null;
    }
    const answer = sessionAnswer.safeParse(body);
    if (!response.ok || !answer.success) {
      const error = errorAnswer.safeParse(body);
      throw new Error(
        `Session check failed with HTTP ${response.status}${error.success ? `: ${error.data.error}` : ''}`,
      );
    }
    const { user, accessToken, expiresAt, retrying } = answer.data;
    this.user = { sub: user.id, name: user.name, email: user.email };
    const receivedAt = this.now();
    if (accessToken === null || expiresAt === null || retrying) {
      this.held = null;
      const state = retrying ?? {
        message: MESSAGES.providerRetrying,
        retryAt: new Date(receivedAt).toISOString(),
      };
      this.setRetrying(state);
      const wait = Date.parse(state.retryAt) - receivedAt;
      this.checkAgainIn(
        Math.min(RETRY_DELAY_MS.max, Math.max(RETRY_DELAY_MS.min, Number.isNaN(wait) ? 0 : wait)),
      );
      return { retrying: state };
    }
    this.setRetrying(null);
    const expires = Date.parse(expiresAt);
    this.held = {
      token: accessToken,
      expiresAt: Number.isNaN(expires) ? receivedAt : expires,
      receivedAt,
    };
    const renewIn = this.held.expiresAt - receivedAt - renewMargin(this.held);
    this.checkAgainIn(Math.max(2_000, renewIn));
    return this.held;
  }
}
