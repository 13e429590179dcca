// Its own module: the page's entry chunk reads it before anything else loads.

/**
 * The server's session cookie is HttpOnly: the page cannot see it. Beside it the server sets this
 * one, readable and secret-free, so a first visit with no session shows the logged-out view at once.
 */
export const SESSION_HINT_COOKIE = 'pa_signed_in';
