// The header greeting. The app's first specification fell back to the user id after a pipe, else
// "Guest"; the real cloud changed that: a real account's id (such as 'auth0|64f1…') is no name, and
// without `openid`/`profile` the provider may give none at all, so the header then says
// "Welcome back" without a name rather than an id or a placeholder.

const GREETING_WITHOUT_NAME = 'Welcome back';

/** "Welcome back, {name}", or "Welcome back" when the provider gave no name. */
export function greeting(user: { name?: string | null } | null | undefined): string {
  const name = user?.name?.trim();
  return name ? `${GREETING_WITHOUT_NAME}, ${name}` : GREETING_WITHOUT_NAME;
}
