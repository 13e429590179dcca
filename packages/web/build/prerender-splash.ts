import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';
const EMOTION_STYLE = /<style data-emotion="[^"]*">[^<]*<\/style>/g;

const isRender = (value: unknown): value is () => unknown => typeof value === 'function';

/**
 * Puts the loading view, rendered at build time with its CSS inline, into index.html's #root. The
 * page then paints the app's name and promise as soon as the HTML arrives, instead of after the
 * script (about 100 kB) has loaded and run: on a slow phone that is most of the first second. The
 * script hydrates it (src/main.tsx), so nothing is painted twice.
 */
export function prerenderSplash(root: string, entry: string): Plugin {
  return {
    name: 'playlist-alarms:prerender-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to fill`);
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
          if (typeof markup !== 'string' || markup === '') throw new Error(`${entry} rendered nothing`);
          // Emotion writes each rule beside its element. In the head instead, #root holds exactly what
          // React renders, so the page hydrates these very nodes (the first paint's text stays the
          // page's largest); emotion's cache adopts the rules by their data-emotion names.
          const styles = markup.match(EMOTION_STYLE) ?? [];
          const body = markup.replace(EMOTION_STYLE, '');
          if (!html.includes(HEAD_END)) throw new Error(`index.html has no ${HEAD_END}`);
          return html
            .replace(HEAD_END, `${styles.join('')}${HEAD_END}`)
            .replace(ROOT_ELEMENT, `<div id="root">${body}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
