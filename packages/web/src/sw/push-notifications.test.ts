// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clickTarget,
  openFromNotification,
  showPush,
  type AppWindow,
  type PushScope,
} from './push-notifications';

const ORIGIN = 'https://alarms.example';

function scopeWith(windows: AppWindow[] = []) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const scope: PushScope = {
    origin: ORIGIN,
    showNotification: (title, options) => {
      shown.push({ title, options });
      return Promise.resolve();
    },
    windows: () => Promise.resolve(windows),
    openWindow: (url) => {
      opened.push(url);
      return Promise.resolve(null);
    },
  };
  return { scope, shown, opened };
}

function appWindow(focused: boolean, controlled = true) {
  const calls: string[] = [];
  const w: AppWindow = {
    url: `${ORIGIN}/`,
    focused,
    focus: () => {
      calls.push('focus');
      return Promise.resolve(w);
    },
    navigate: (url) => {
      calls.push(`navigate ${url}`);
      return Promise.resolve(controlled ? w : null);
    },
  };
  return { w, calls };
}

const payload = {
  kind: 'alarm-not-played',
  title: 'Alarm did not play on Kitchen',
  body: '“School days” at 07:30 did not play: the player was off or not connected.',
  url: '/?view=devices&device=player-1',
  tag: 'alarm-not-played:a1@2026-06-10T06:30:00.000Z',
};

describe('showPush', () => {
  it('shows the pushed notification with its tag, and where a click goes', async () => {
    const { scope, shown } = scopeWith();
    await showPush(JSON.stringify(payload), scope);
    expect(shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: payload.body,
          tag: payload.tag,
          data: { url: payload.url },
        }) as unknown,
      },
    ]);
  });

  it.each([null, 'not json', JSON.stringify({ title: 'no kind' })])(
    'shows a plain notification for a message it cannot read (%s)',
    async (text) => {
      const { scope, shown } = scopeWith();
      await showPush(text, scope);
      expect(shown.map((s) => [s.title, (s.options.data as { url: string }).url])).toEqual([
        ['Playlist Alarms', '/'],
      ]);
    },
  );
});

describe('a click on the notification', () => {
  it('takes the focused app window to the view and brings it forward', async () => {
    const other = appWindow(false);
    const focused = appWindow(true);
    const { scope, opened } = scopeWith([other.w, focused.w]);
    await openFromNotification({ url: payload.url }, scope);
    expect(focused.calls).toEqual([`navigate ${ORIGIN}/?view=devices&device=player-1`, 'focus']);
    expect(other.calls).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('opens a new window when none is open, or the open one cannot be navigated', async () => {
    const none = scopeWith();
    await openFromNotification({ url: '/?view=alarms' }, none.scope);
    expect(none.opened).toEqual([`${ORIGIN}/?view=alarms`]);
    const uncontrolled = appWindow(true, false);
    const one = scopeWith([uncontrolled.w]);
    await openFromNotification({ url: '/?view=alarms' }, one.scope);
    expect(one.opened).toEqual([`${ORIGIN}/?view=alarms`]);
  });

  it('never leaves the app: another origin, or no url, opens the app’s start', () => {
    expect(clickTarget({ url: 'https://evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget({ url: '//evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget({ url: 'javascript:alert(1)' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget({ url: '/?view=alarms' }, ORIGIN)).toBe(`${ORIGIN}/?view=alarms`);
  });
});
