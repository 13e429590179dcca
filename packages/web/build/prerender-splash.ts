import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { Plugin } from 'vite';
import { placeSplash } from './place-splash.ts';

const isRender = (value: unknown): value is () => unknown => typeof value === 'function';

/**
 * Puts the loading view, rendered at build time, into index.html (placeSplash). The page then
 * paints the app's name and promise as soon as the HTML arrives, instead of after the script
 * (about 100 kB) has loaded and run: on a slow phone that is most of the first second. The script
 * hydrates it (src/main.tsx), so nothing is painted twice.
 */
export function prerenderSplash(root: string, entry: string): Plugin {
  return {
    name: 'playlist-alarms:prerender-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        // Vite's own module loader for Node, so the view is compiled as the app's build compiles it.
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          plugins: [react()],
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = await server.ssrLoadModule(entry);
          const render: unknown = module.renderSplash;
          if (!isRender(render)) throw new Error(`${entry} exports no renderSplash()`);
          const markup: unknown = render();
          if (typeof markup !== 'string') throw new Error(`${entry} rendered no HTML`);
          return placeSplash(html, markup);
        } finally {
          await server.close();
        }
      },
    },
  };
}
