// This browser's push subscription follows the parent's session. Only a browser that holds a
// subscription loads the push client (its own chunk), so a page without one costs nothing.

/** This browser's subscription, when the browser can hold one and does. */
async function heldSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * At sign-out this browser stops getting the parent's notifications: a family tablet someone signs
 * out of must not keep showing a parent's alarms. Removes the subscription from the server, then
 * from the browser; none: nothing.
 */
export async function forgetBrowserPush(backendBase: string, fetcher?: typeof fetch): Promise<void> {
  if ((await heldSubscription()) === null) return;
  const { BrowserPushClient } = await import('./push-client');
  await new BrowserPushClient(backendBase, fetcher).unsubscribe();
}

/**
 * On a signed-in page: a subscription made for the server's earlier VAPID key is renewed under the
 * current one (push-client.ts `current`), so replacing the keys does not silence the browsers that
 * never open the notification settings again.
 */
export async function renewBrowserPush(backendBase: string, fetcher?: typeof fetch): Promise<void> {
  if ((await heldSubscription()) === null) return;
  const { BrowserPushClient } = await import('./push-client');
  await new BrowserPushClient(backendBase, fetcher).current();
}
