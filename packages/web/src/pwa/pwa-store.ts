// What the installable app shows, as a tiny external store the notices subscribe to: the browser's
// install offer, a waiting update, and whether the network went away.

/** Chromium's event (not in the DOM typings): kept until the user presses "Install App". */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** The browser's offer, held back from its own mini-infobar; null when there is none. */
  installPrompt: InstallPromptEvent | null;
  /** Running as the installed app (display-mode standalone), or just installed. */
  installed: boolean;
  /** Accepts the waiting version: the worker takes over and the page reloads. */
  update: (() => void) | null;
  /** The network went away during the session. */
  offline: boolean;
}

export interface PwaStore {
  get: () => PwaState;
  set: (change: Partial<PwaState>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPwaStore(initial: Partial<PwaState> = {}): PwaStore {
  let state: PwaState = { installPrompt: null, installed: false, update: null, offline: false, ...initial };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** "Install App" shows only while the browser offers installation and the app is not installed. */
export const showsInstallOffer = (state: PwaState): boolean =>
  state.installPrompt !== null && !state.installed;

const isInstallPrompt = (event: Event): event is InstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function';

/**
 * Follows the window's install and network events into `store`; returns the unsubscribe.
 * `standalone` is the display-mode query: true inside the installed app.
 */
export function followBrowser(store: PwaStore, target: Window, standalone: MediaQueryList): () => void {
  store.set({ installed: standalone.matches });
  const onPrompt = (event: Event) => {
    if (!isInstallPrompt(event)) return;
    event.preventDefault(); // our own button offers it, not the browser's infobar
    store.set({ installPrompt: event });
  };
  const onInstalled = () => store.set({ installed: true, installPrompt: null });
  const onDisplayMode = (event: MediaQueryListEvent) => store.set({ installed: event.matches });
  const onOffline = () => store.set({ offline: true });
  const onOnline = () => store.set({ offline: false });
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  target.addEventListener('offline', onOffline);
  target.addEventListener('online', onOnline);
  standalone.addEventListener('change', onDisplayMode);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
    target.removeEventListener('offline', onOffline);
    target.removeEventListener('online', onOnline);
    standalone.removeEventListener('change', onDisplayMode);
  };
}
