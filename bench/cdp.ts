// A bare Chrome DevTools Protocol client for the soak. Playwright keeps every page it is attached to
// "visible" (focus emulation), so a hidden tab, throttled as a parent's phone throttles it, is only
// seen by a client that is not Playwright: Chromium started here, spoken to over its own WebSocket.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { z } from 'zod';

const targetSchema = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  webSocketDebuggerUrl: z.string(),
});
const answerSchema = z.object({
  id: z.number().optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ message: z.string() }).optional(),
});

export interface DebuggedChromium {
  /** http://127.0.0.1:{port}: for Playwright's connectOverCDP and the /json endpoints. */
  endpoint: string;
  /** The page targets, in the order Chromium lists them. */
  pages(): Promise<Array<z.infer<typeof targetSchema>>>;
  /** Opens a new tab in the same window and brings it to the front: the others become hidden. */
  openTab(url: string): Promise<void>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a DevTools port of its own choosing (read back from its profile). */
export async function startDebuggedChromium(executable: string): Promise<DebuggedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'playlist-alarms-soak-'));
  const child: ChildProcess = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: closing it ends the helpers (zygote, crashpad) with it.
    { stdio: 'ignore', detached: true },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 15_000;
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').trim() === '') {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
      throw new Error(`Chromium at ${executable} did not open its DevTools port`);
    }
    await sleep(100);
  }
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    async pages() {
      const list = z.array(targetSchema).parse(await (await fetch(`${endpoint}/json/list`)).json());
      return list.filter((target) => target.type === 'page');
    },
    async openTab(url) {
      const response = await fetch(`${endpoint}/json/new?${url}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`Chromium refused a new tab: HTTP ${response.status}`);
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, signal);
        } catch {
          // The group has already gone.
        }
      };
      signalGroup('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      signalGroup('SIGKILL');
      // A helper may still be writing its last file into the profile as it goes.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

export type CdpEvent = { method: string; params: Record<string, unknown> };

/** One DevTools session with one target: commands answered in turn, events to listeners. */
export class CdpSession {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Set<(event: CdpEvent) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.receive(data));
  }

  static async open(webSocketDebuggerUrl: string): Promise<CdpSession> {
    const socket = new WebSocket(webSocketDebuggerUrl, {
      perMessageDeflate: false,
      maxPayload: 256 * 1024 * 1024,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new CdpSession(socket);
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    this.nextId += 1;
    const id = this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  onEvent(listener: (event: CdpEvent) => void): void {
    this.listeners.add(listener);
  }

  close(): void {
    this.socket.close();
  }

  private receive(data: Buffer): void {
    const message = answerSchema.parse(JSON.parse(data.toString('utf8')));
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result ?? {});
      return;
    }
    if (message.method) {
      const event = { method: message.method, params: message.params ?? {} };
      for (const listener of this.listeners) listener(event);
    }
  }
}
