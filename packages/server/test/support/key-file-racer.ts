import crypto from 'node:crypto';
import { readOrCreateKeyFile } from '../../src/demo-key-file';

// One process of demo-key-file.test.ts's race: waits for the start time it is given, so all of
// them ask at once, then prints the key file's text as it read it.
const [dataDir, startAt] = process.argv.slice(2);
if (dataDir === undefined || startAt === undefined) throw new Error('usage: key-file-racer DIR START_MS');
while (Date.now() < Number(startAt)) {
  // A busy wait: a timer's wake-up would spread the processes over milliseconds.
}
const text = readOrCreateKeyFile(
  dataDir,
  'race.key',
  () => `${crypto.randomBytes(4096).toString('base64')}\n`,
);
process.stdout.write(JSON.stringify({ text }));
