// Development: the sandbox and the server wired as `npm start` wires them, with Vite's dev server in
// front (hot reload). The page, /api and /auth share Vite's origin (its proxy, vite.config.ts), and
// the sandbox accepts that origin. One URL is printed; Ctrl-C stops all three.
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { z } from 'zod';
import { closeAll, exitOnSignals, runMain, shownUrl, startDemoStack } from './demo-stack';

const envSchema = z.object({
  /** Vite's port; unset: 5173, or the next free one. */
  DEV_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

const repoRoot = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(repoRoot, 'packages/web');

runMain(async () => {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Bad environment: ${z.prettifyError(parsed.error)}`);
  const { DEV_PORT } = parsed.data;
  const stack = await startDemoStack({
    // Free ports unless set: the page reaches the server through Vite and learns the sandbox's
    // address from /api/config, so a running `npm start` (8080, 8090, 1884) or e2e stack is left alone.
    PORT: '0',
    SANDBOX_PORT: '0',
    SANDBOX_MQTT_PORT: '0',
    // Its own sessions: the demo's were issued by another sandbox.
    DATA_DIR: path.join(repoRoot, 'data/dev'),
    // Problems only: the server's API-only notice (Vite serves the page) would read as one.
    LOG_LEVEL: 'error',
    ...process.env,
  });
  let vite: ViteDevServer;
  try {
    process.env.DEV_PROXY_TARGET = stack.server.url;
    vite = await createServer({
      configFile: path.join(webRoot, 'vite.config.ts'),
      // The printed URL stays on screen.
      clearScreen: false,
      // A port asked for is that port or an error; the default moves on to the next free one.
      server: { host: '127.0.0.1', port: DEV_PORT ?? 5173, strictPort: DEV_PORT !== undefined },
    });
    await vite.listen();
  } catch (error) {
    await stack.close();
    throw error;
  }
  const url = vite.resolvedUrls?.local[0];
  if (url === undefined) {
    await closeAll([() => vite.close(), () => stack.close()]);
    throw new Error('Vite is not listening on a local address');
  }
  stack.allowPagesAt([url]);
  console.log(`Playlist Alarms (development, hot reload) is running at ${shownUrl(url.replace(/\/$/, ''))}`);
  exitOnSignals(() => closeAll([() => vite.close(), () => stack.close()]));
});
