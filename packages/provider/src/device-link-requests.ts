import { commandResultFor } from '@playlist-alarms/core/device/command-response';
import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import type { DeviceCommandName } from '@playlist-alarms/core/device/mqtt-commands';
import { noResponseFromPlayer } from '@playlist-alarms/core/texts/messages';

// Commands waiting for the player's response. A response names no request id, only the resource
// (`bluetooth`, `card`) and the request's body, so it settles the oldest request it can answer,
// preferring one whose body it echoes.

interface Pending {
  name: DeviceCommandName;
  body: string;
  resolve: (result: CommandResult) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** How long a request waits for the player's response unless told otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

export class PendingRequests {
  private pending: Pending[] = [];

  /** Resolves with the player's answer to `name`; rejects after `timeoutMs` without one. */
  wait(name: DeviceCommandName, body: string, timeoutMs: number): Promise<CommandResult> {
    return new Promise<CommandResult>((resolve, reject) => {
      const entry: Pending = {
        name,
        body,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.remove(entry);
          reject(new Error(noResponseFromPlayer(name)));
        }, timeoutMs),
      };
      this.pending.push(entry);
    });
  }

  /** A response's status map: settles the request it answers, if any. */
  settle(status: Readonly<Record<string, string>>): void {
    const candidates = this.pending.flatMap((entry) => {
      const result = commandResultFor(entry.name, status);
      return result ? [{ entry, result }] : [];
    });
    const chosen =
      candidates.find(({ entry, result }) => result.reqBody !== undefined && result.reqBody === entry.body) ??
      candidates[0];
    if (!chosen) return;
    this.remove(chosen.entry);
    chosen.entry.resolve(chosen.result);
  }

  rejectAll(message: string): void {
    const all = this.pending;
    this.pending = [];
    for (const entry of all) {
      clearTimeout(entry.timer);
      entry.reject(new Error(message));
    }
  }

  private remove(entry: Pending): void {
    clearTimeout(entry.timer);
    this.pending = this.pending.filter((other) => other !== entry);
  }
}
