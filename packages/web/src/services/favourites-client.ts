import {
  favouriteListAnswer,
  type FavouriteListAnswer,
} from '@playlist-alarms/core/library/favourite-answers';
import { httpErrorMessage } from '@playlist-alarms/core/texts/messages';

// The own backend's Quick Play Favorites (GET /api/favourites, PUT and DELETE
// /api/favourites/{cardId}); the session cookie says whose, so no user id is ever sent.

/** The caller's pins as the UI uses them. */
export interface FavouritesSource {
  list(): Promise<FavouriteListAnswer>;
  /** Pins the card last (or renames it in place); refused past the cap with the server's words. */
  pin(cardId: string, title: string): Promise<FavouriteListAnswer>;
  unpin(cardId: string): Promise<FavouriteListAnswer>;
}

export class FavouritesClient implements FavouritesSource {
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
    /** The backend refused the session cookie (401): the session may have ended elsewhere. */
    private readonly onUnauthorized: () => void = () => undefined,
  ) {}

  list(): Promise<FavouriteListAnswer> {
    return this.call('GET', '/api/favourites');
  }

  pin(cardId: string, title: string): Promise<FavouriteListAnswer> {
    return this.call('PUT', `/api/favourites/${encodeURIComponent(cardId)}`, { title });
  }

  unpin(cardId: string): Promise<FavouriteListAnswer> {
    return this.call('DELETE', `/api/favourites/${encodeURIComponent(cardId)}`);
  }

  private async call(method: string, path: string, body?: unknown): Promise<FavouriteListAnswer> {
    // The session cookie is HttpOnly: the browser attaches it (same origin); the server checks Origin.
    const response = await this.fetcher(`${this.baseUrl}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) this.onUnauthorized();
    if (!response.ok) throw new Error(httpErrorMessage(response.status, response.statusText, payload));
    const parsed = favouriteListAnswer.safeParse(payload);
    if (!parsed.success) throw new Error(`Unexpected answer from ${method} ${path}`);
    return parsed.data;
  }
}
