import * as z from 'zod/mini';
import { MESSAGES } from '@playlist-alarms/core/messages';
import type { SessionAuth } from './app-services';

// The page's side of the server-held session (DESIGN "Sessions, alarms and delivery"): the server
// keeps the token pair behind an HttpOnly cookie; the page asks GET /api/session for a short-lived
// access token (the broker's password, the provider's bearer) and keeps it in memory only.

const sessionAnswer = z.object({
  user: z.object({ id: z.string() }),
  accessToken: z.string().check(z.minLength(1)),
  expiresAt: z.string(),
});
const errorAnswer = z.object({ error: z.string() });

/** The server refused the session (a refresh the provider turned down): SPEC's "Session expired". */
export class SessionExpiredError extends Error {
  constructor() {
    super(MESSAGES.sessionExpired);
    this.name = 'SessionExpiredError';
  }
}

interface Held {
  token: string;
  expiresAt: number;
  /** When the page got it: the margin is a share of the token's lifetime. */
  receivedAt: number;
}

/** Ask again this long before expiry: a quarter of the lifetime, at most 45 s (inside the server's 60 s). */
const renewMargin = (held: Held) => Math.min(45_000, (held.expiresAt - held.receivedAt) / 4);

export interface ServerSessionOptions {
  /** '' for the app's own origin. */
  backendBase: string;
  fetch?: typeof fetch;
  now?: () => number;
  navigate?: (url: string) => void;
}

export class ServerSession implements SessionAuth {
  private held: Held | null = null;
  private asking: Promise<Held | null> | null = null;
  private readonly expiredListeners = new Set<() => void>();
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: ServerSessionOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  login(): void {
    const navigate = this.options.navigate ?? ((url: string) => window.location.assign(url));
    navigate(`${this.options.backendBase}/auth/login`);
  }

  async restore(): Promise<boolean> {
    return (await this.ask()) !== null;
  }

  async getAccessToken(): Promise<string | null> {
    const held = this.held;
    if (held && held.expiresAt - this.now() > renewMargin(held)) return held.token;
    try {
      return (await this.ask())?.token ?? null;
    } catch (error) {
      // Expired: the listeners have been told. Anything else (offline, 5xx): the caller's error.
      if (error instanceof SessionExpiredError) return null;
      throw error;
    }
  }

  onExpired(listener: () => void): () => void {
    this.expiredListeners.add(listener);
    return () => this.expiredListeners.delete(listener);
  }

  async logout(): Promise<void> {
    this.held = null;
    const response = await this.fetch(`${this.options.backendBase}/auth/logout`, {
      method: 'POST',
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`Logout failed with HTTP ${response.status}`);
  }

  /** One request at a time: tabs' and links' callers share it (the server serialises refreshes). */
  private ask(): Promise<Held | null> {
    this.asking ??= this.request().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  private async request(): Promise<Held | null> {
    const response = await this.fetch(`${this.options.backendBase}/api/session`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      const wasHeld = this.held !== null;
      this.held = null;
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
    const receivedAt = this.now();
    const expiresAt = Date.parse(answer.data.expiresAt);
    this.held = {
      token: answer.data.accessToken,
      expiresAt: Number.isNaN(expiresAt) ? receivedAt : expiresAt,
      receivedAt,
    };
    return this.held;
  }
}
