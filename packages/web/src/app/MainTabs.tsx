import { Suspense, lazy, memo } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SMALL_SCREEN_MAX_WIDTH_PX } from '@playlist-alarms/core/shared/constants';
import { MAIN_TABS, MAIN_TABS_ELEMENT_ID, mainTabElementId } from '@playlist-alarms/core/texts/main-tabs';
import type { MainTab } from '@playlist-alarms/core/texts/main-tabs';
import { useMainTab } from '../services/main-tab';
import { PlaylistsSection } from './PlaylistsSection';

// The tabs other than the first load on first visit, keeping the logged-in chunk small.
const AlarmsSection = lazy(() => import('./AlarmsSection').then((m) => ({ default: m.AlarmsSection })));
const DevicesSection = lazy(() => import('./DevicesSection').then((m) => ({ default: m.DevicesSection })));
const HelpPanel = lazy(() => import('../features/help/HelpPanel').then((m) => ({ default: m.HelpPanel })));

function tabLabels(small: boolean, playlistCount: number, deviceCount: number): string[] {
  return small
    ? ['Playlists', 'Alarms', 'Devices', 'Help']
    : [
        `Your Playlists (${playlistCount})`,
        'Alarm Management',
        `Device Management (${deviceCount})`,
        'Help & Tutorial',
      ];
}

// Made once: the parent re-renders on every list or player update, the panels need not.
const PANELS = {
  playlists: <PlaylistsSection />,
  alarms: <AlarmsSection />,
  devices: <DevicesSection />,
  help: <HelpPanel />,
};

export const MainTabs = memo(function MainTabs({
  playlistCount,
  deviceCount,
}: {
  playlistCount: number;
  deviceCount: number;
}) {
  // The open tab is the app's navigation state, not this component's: the guided tour opens tabs too.
  const { tab, setTab } = useMainTab();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_MAX_WIDTH_PX - 0.05}px)`);
  const labels = tabLabels(small, playlistCount, deviceCount);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={tab}
        onChange={(_event, next: MainTab) => setTab(next)}
        variant={small ? 'fullWidth' : 'scrollable'}
        scrollButtons="auto"
        aria-label="Main sections"
        id={MAIN_TABS_ELEMENT_ID}
      >
        {MAIN_TABS.map((id, i) => (
          <Tab
            key={id}
            value={id}
            label={labels[i]}
            id={mainTabElementId(id)}
            aria-controls={`panel-${id}`}
          />
        ))}
      </Tabs>
      {/* The Playlists tab stays mounted, hidden: coming back to it shows it at once, search and
          page as left. The others mount when opened (their polling stops when left). */}
      <TabPanel id="playlists" active={tab === 'playlists'} keepMounted>
        {PANELS.playlists}
      </TabPanel>
      <TabPanel id="alarms" active={tab === 'alarms'}>
        {PANELS.alarms}
      </TabPanel>
      <TabPanel id="devices" active={tab === 'devices'}>
        {PANELS.devices}
      </TabPanel>
      <TabPanel id="help" active={tab === 'help'}>
        {PANELS.help}
      </TabPanel>
    </Paper>
  );
});

// A kept panel is hidden with `content-visibility: hidden`, not `display: none`: the browser keeps
// its laid-out cards, so coming back is not a layout of the whole panel (which the tab indicator's
// measuring forced inside the click: 5.5 ms in the bench). Like `hidden`, it is out of the
// accessibility tree and the tab order; `inert` and `aria-hidden` say so to every browser. The
// padding is on an inner box: a hidden box keeps its own padding, which would show as a gap.
const PADDED = { p: { xs: 1.5, sm: 3 } };
// Browsers without content-visibility (Safari before 18, Firefox before 125) hide it as before.
const KEPT_HIDDEN = {
  contentVisibility: 'hidden',
  '@supports not (content-visibility: hidden)': { display: 'none' },
};

function TabPanel({
  id,
  active,
  keepMounted = false,
  children,
}: {
  id: MainTab;
  active: boolean;
  keepMounted?: boolean;
  children: ReactNode;
}) {
  if (!active && !keepMounted) return null;
  return (
    <Box
      role="tabpanel"
      id={`panel-${id}`}
      aria-labelledby={mainTabElementId(id)}
      aria-hidden={active ? undefined : true}
      inert={!active}
      sx={active ? undefined : KEPT_HIDDEN}
    >
      <Box sx={PADDED}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading section" />
            </Box>
          }
        >
          {children}
        </Suspense>
      </Box>
    </Box>
  );
}
