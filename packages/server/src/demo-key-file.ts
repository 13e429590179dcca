import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Demo mode keeps its own keys (the token key, the VAPID pair) in the data folder: made once,
// readable by the owner only (0600), and reused, so a restart keeps sessions and subscriptions.
// Several processes may start at once (replicas, the dev loop), so the file appears whole or not at
// all: the content goes into a private temporary file first, which is then hard-linked to the name.
// A link fails if the name exists, so the first process's keys win and nobody ever reads a file
// another is still writing (a plain 'wx' create leaves an empty file for a moment).

/** The text of `dataDir/name`, made with `make()` if no process has made it yet. */
export function readOrCreateKeyFile(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const draft = path.join(dataDir, `.${name}.${process.pid}.${crypto.randomUUID()}.tmp`);
    fs.writeFileSync(draft, make(), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8');
}
