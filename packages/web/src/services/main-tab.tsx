import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { MainTab } from '@playlist-alarms/core/texts/main-tabs';

// Which main tab is open, held above the tabs so that others (the guided tour) can open one through
// the app's state rather than by clicking the page. The session gives each sign-in its own.

interface MainTabState {
  tab: MainTab;
  setTab: (tab: MainTab) => void;
}

const MainTabContext = createContext<MainTabState | null>(null);

export function MainTabProvider({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<MainTab>('playlists');
  const value = useMemo(() => ({ tab, setTab }), [tab]);
  return <MainTabContext.Provider value={value}>{children}</MainTabContext.Provider>;
}

export function useMainTab(): MainTabState {
  const state = useContext(MainTabContext);
  if (!state) throw new Error('useMainTab needs a MainTabProvider');
  return state;
}
