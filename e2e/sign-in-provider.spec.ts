import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { E2E_CLIENT_SECRET, sandbox, sandboxUrl } from './support/stack';

// A real household's first sign-in against a provider as strict as the real one: a client not
// granted a scope the app asks for is refused outright (and the page names the cause), the stack's
// client is confidential (its secret stays on the server), and the token endpoint going down
// across an access token's expiry leaves the session standing.

const APP_SCOPES =
  'offline_access user:content:view family:library:view family:devices:view family:devices:manage family:devices:control';

test.beforeEach(async () => {
  await sandbox.reset();
});
test.afterEach(async () => {
  await sandbox.reset(); // the grant, the faults and the token lifetime
});

test('a sign-in refused for a scope the client is not granted names the scope and where to enable it', async ({
  page,
}) => {
  const app = new AppPage(page);
  await sandbox.client({ grantedScopes: APP_SCOPES.replace(' family:devices:control', '') });
  await app.open();
  await app.connectButton().click();

  // Refused before any sign-in page, straight back to the app, which says why.
  const alert = page.getByRole('alert').filter({ hasText: 'Yoto refused the sign-in' });
  await expect(alert).toContainText('not granted (family:devices:control)');
  await expect(alert).toContainText("Enable them for the client in Yoto's developer dashboard");
  await expect(app.connectButton()).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the address is clean again

  // Granted again, the same button signs in.
  await sandbox.client({ grantedScopes: null });
  await app.connectButton().click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
});

test('a confidential client signs in; its secret reaches no page, and the provider refuses a request without it', async ({
  page,
}) => {
  expect((await sandbox.client({})).confidential).toBe(true);
  const seen: string[] = [];
  // Every body is read before the check: a body still on its way would be a check of nothing.
  const reads: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/json|html|javascript|text/.test(type)) {
      seen.push(response.url(), JSON.stringify(response.headers()));
      reads.push(
        response.text().then(
          (body) => void seen.push(body),
          () => undefined, // a redirect or an aborted request has no body to read
        ),
      );
    }
  });
  const app = new AppPage(page);
  await app.signIn();
  await expect(app.playlistCards().first()).toBeVisible();
  await Promise.all(reads);
  expect(reads.length).toBeGreaterThan(0);
  seen.push(await page.content());
  expect(seen.join('\n')).not.toContain(E2E_CLIENT_SECRET);

  // What the server's exchange and refreshes get past: the same request without the secret fails.
  const refused = await fetch(`${sandboxUrl}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'any',
      client_id: 'playlist-alarms-demo',
    }),
  });
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
});

test('the token endpoint down for a minute across an access-token expiry: "retrying", then the session carries on', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const LIFETIME_S = 10;
  await sandbox.tokenLifetime(LIFETIME_S);
  const app = new AppPage(page);
  // Every token of this session is issued after this instant (the server renews within a minute
  // of expiry, so at each request here): none expires before it plus the lifetime.
  const signInStartedAt = Date.now();
  await app.signIn();
  await sandbox.faults({ restDown: true, faultPaths: ['/oauth/token'] });
  const downAt = Date.now();

  // Past the token's expiry the page hears it cannot be renewed yet, and stays signed in.
  const notice = page.getByText("Can't reach Yoto, retrying…");
  await expect(notice).toBeVisible({ timeout: LIFETIME_S * 1000 + 15_000 });
  expect(Date.now() - signInStartedAt).toBeGreaterThan(LIFETIME_S * 1000 - 1_000);
  // Counted from here, seconds after the switch: a renewal already on its way when the endpoint
  // went down may land (CI met one), but none is granted after.
  const refreshesBefore = (await sandbox.tokenStats()).refreshes;
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(app.connectButton()).toHaveCount(0);
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
  // Still down a minute on, through the server's growing waits: still signed in, still saying so.
  await page.waitForTimeout(Math.max(0, downAt + 60_000 - Date.now()));
  await expect(notice).toBeVisible();
  expect((await sandbox.tokenStats()).refreshes).toBe(refreshesBefore);

  // The provider is back: the server's next attempt renews the token and the notice goes.
  await sandbox.faults({ restDown: false, faultPaths: null });
  await expect(notice).toHaveCount(0, { timeout: 60_000 });
  expect((await sandbox.tokenStats()).refreshes).toBeGreaterThan(refreshesBefore);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // The same session, on a fresh page too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true })).toBeVisible();
  await expect(app.playlistCards().first()).toBeVisible();
});
