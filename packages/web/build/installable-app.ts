import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app: the manifest, and the one service worker at /sw.js (src/sw/sw.ts) that
 * precaches the app shell and carries the alarm messages. Registration is the page's, after first
 * paint (src/pwa/), and a new version waits for the user ("prompt"), never mid-session.
 */
export function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    // Off under the dev server: `virtual:pwa-register` is then a no-op, so no worker precaches a
    // shell that hot reload keeps changing, or answers a navigation from an old cache. The worker
    // is tried against the build (`npm start`, e2e/pwa.spec.ts).
    devOptions: { enabled: false },
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'Yoto Playlist Alarms',
      short_name: 'Playlist Alarms',
      description: 'Wake-up and bedtime alarms, remote control and playlist browsing for Yoto players.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#5b4bdb',
      background_color: '#f6f4ff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell: the HTML, every chunk (the lazy tabs too, so they open offline) and the icons.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Workbox skips a file over its limit (2 MiB) with only a warning: no chunk comes near it.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // A classic script, as the page registers it. The "es" format's build sets Rolldown's
      // deprecated `inlineDynamicImports`, whose warning every `npm start` printed.
      rollupFormat: 'iife',
    },
  });
}
