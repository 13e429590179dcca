import { useEffect } from 'react';
import { appViewFromSearch, holdFocusDevice, withoutViewParams } from '../lib/app-view-link';
import { useMainTab } from '../services/main-tab';

/**
 * A notification's deep link (`/?view=devices&device=ID`, `/?view=alarms`): opens that tab, leaves
 * the player for the Devices tab to focus, and drops the parameters from the address so a reload
 * opens the app as usual. Rendered by the status chips' lazy chunk (StatusChips.tsx).
 */
export function DeepLinkOpener() {
  const { setTab } = useMainTab();
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const link = appViewFromSearch(search);
    if (link === null) return;
    window.history.replaceState(window.history.state, '', `${pathname}${withoutViewParams(search)}${hash}`);
    holdFocusDevice(link.deviceId);
    setTab(link.tab);
  }, [setTab]);
  return null;
}
