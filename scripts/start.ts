// Demo mode: the local provider sandbox and the server in one process, wired to each other.
// `npm start` runs this after building the web app; Ctrl-C stops both cleanly.
import { exitOnSignals, runMain, shownUrl, startDemoStack } from './demo-stack';

runMain(async () => {
  const stack = await startDemoStack(process.env);
  // The page may use the sandbox from the app's own origin only (as served, and as configured).
  stack.allowPagesAt([stack.server.url]);
  const { sandbox } = stack;
  console.log(
    `Provider sandbox: ${sandbox.url} (MQTT over WebSocket ${sandbox.wsUrl}, TCP ${sandbox.mqttUrl})`,
  );
  console.log(`Playlist Alarms (demo mode) is running at ${shownUrl(stack.server.url)}`);
  exitOnSignals(() => stack.close());
});
