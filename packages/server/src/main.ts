// `tsx packages/server/src/main.ts`: the server alone, configured by the environment.
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError } from './db/connect';
import { startServer } from './start';

async function main(): Promise<void> {
  const server = await startServer(loadConfig(process.env));
  console.log(`Playlist Alarms server is running at ${server.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // A mistake of the operator's reads as one line; anything else keeps its stack.
  const known = error instanceof ConfigError || error instanceof DatabaseOpenError;
  console.error(known ? error.message : error);
  process.exit(1);
});
