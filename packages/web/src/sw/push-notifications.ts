// Web Push in the service worker (docs/decisions/push-notifications.md): a pushed message becomes a
// notification, and a click on it opens the app on the view it is about (its `url`, only ever an
// address of this app). The worker's globals come in as a small scope, so tests drive it in Node.
import { pushPayload } from '@playlist-alarms/core/notifications/push-answers';

export interface AppWindow {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  /** Resolves to null when the window is not controlled by this worker (it cannot be navigated). */
  navigate(url: string): Promise<unknown>;
}

export interface PushScope {
  origin: string;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  /** The app's open windows (controlled or not). */
  windows(): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

const ICON = '/icons/icon-192.png';
/** A message that cannot be read still shows something: browsers require a notification per push. */
const FALLBACK = {
  title: 'Playlist Alarms',
  body: 'Something needs you: open the app.',
  url: '/',
  tag: 'fallback',
};

/** The notification's data: where a click goes. */
interface ClickData {
  url: string;
}

function readPayload(text: string | null) {
  if (text === null) return FALLBACK;
  try {
    const parsed = pushPayload.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** Shows the pushed message (its text, as `PushMessageData.text()` gives it). */
export function showPush(text: string | null, scope: PushScope): Promise<void> {
  const payload = readPayload(text);
  const data: ClickData = { url: payload.url };
  return scope.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: ICON,
    badge: ICON,
    data,
  });
}

/** An address of this app only (same origin), so a payload can never send a parent elsewhere. */
function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : null;
  } catch {
    return null;
  }
}

/** The address a click opens: the notification's own, when it is this app's; else the app's start. */
export function clickTarget(data: unknown, origin: string): string {
  const url =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : '/';
  return sameOriginUrl(url, origin) ?? `${origin}/`;
}

/** A click: the app's open window goes to the view and comes forward; without one, a new window opens. */
export async function openFromNotification(data: unknown, scope: PushScope): Promise<void> {
  const target = clickTarget(data, scope.origin);
  const windows = await scope.windows();
  const chosen = windows.find((w) => w.focused) ?? windows[0];
  if (chosen !== undefined) {
    const navigated = await chosen.navigate(target).catch(() => null);
    if (navigated !== null) {
      // Bringing it forward may be refused (no user gesture behind the event); it has the view anyway.
      await chosen.focus().catch(() => undefined);
      return;
    }
  }
  await scope.openWindow(target);
}
