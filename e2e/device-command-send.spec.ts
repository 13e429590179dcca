import { expect, test } from './support/test';
import { AppPage } from './support/app-page';
import { sandbox } from './support/stack';

// A remote control command goes onto the WebSocket inside the click's own task. mqtt.js's browser
// bundle would write it on a setTimeout(0) (its process.nextTick), behind the click's rendering and
// often a frame; the device link writes it at once (MqttDeviceLink.send), so the round trip stays short.

interface CommandSend {
  topic: string;
  inClickTask: boolean;
}

test.beforeEach(async () => {
  await sandbox.reset();
});

test('a remote control click puts its command on the WebSocket before the click’s task ends', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const sends: CommandSend[] = [];
    Object.assign(window, { __commandSends: sends });
    let inClickTask = false;
    document.addEventListener(
      'click',
      () => {
        inClickTask = true;
        // Queued before the app's handler runs, so it runs before any timer the handler starts.
        setTimeout(() => (inClickTask = false), 0);
      },
      { capture: true },
    );
    const decoder = new TextDecoder('latin1');
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
      if (typeof data !== 'string' && !(data instanceof Blob)) {
        // An MQTT PUBLISH: type 3 in the first byte's high nibble, the remaining length (1–4 bytes),
        // then the topic behind its 2-byte length. Read it by its length: a QoS 1 packet id follows
        // the topic directly, so a pattern would run on into it.
        const bytes = ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : new Uint8Array(data);
        if (bytes[0] !== undefined && bytes[0] >> 4 === 3) {
          let at = 1;
          while (((bytes[at] ?? 0) & 0x80) !== 0) at++;
          at++;
          const length = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
          const topic = decoder.decode(bytes.subarray(at + 2, at + 2 + length));
          if (topic.includes('/command/')) sends.push({ topic, inClickTask });
        }
      }
      send.call(this, data);
    };
  });
  // Status and events requests also leave on the registry's timers (the 30 s poll): not clicks.
  const sends = async () =>
    (
      await page.evaluate(() => (window as unknown as { __commandSends: CommandSend[] }).__commandSends)
    ).filter((sent) => !sent.topic.endsWith('/request'));

  const app = new AppPage(page);
  await app.signIn();
  const card = await app.connectPlayer();

  await card.getByRole('button', { name: 'Play / Resume' }).click();
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await card.getByRole('button', { name: 'Stop', exact: true }).click();

  await expect.poll(sends).toEqual([
    { topic: 'device/demo-player-1/command/card/resume', inClickTask: true },
    { topic: 'device/demo-player-1/command/card/pause', inClickTask: true },
    { topic: 'device/demo-player-1/command/card/stop', inClickTask: true },
  ]);
});
