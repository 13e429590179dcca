import { Suspense, lazy, memo, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SMALL_SCREEN_MAX_WIDTH_PX } from '@playlist-alarms/core/constants';
import { PlaylistsSection } from './PlaylistsSection';

// The tabs other than the first load on first visit, keeping the logged-in chunk small.
const AlarmsSection = lazy(() => import('./AlarmsSection').then((m) => ({ default: m.AlarmsSection })));
const DevicesSection = lazy(() => import('./DevicesSection').then((m) => ({ default: m.DevicesSection })));
const HelpPanel = lazy(() => import('../features/help/HelpPanel').then((m) => ({ default: m.HelpPanel })));

const TAB_IDS = ['playlists', 'alarms', 'devices', 'help'] as const;

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
  const [index, setIndex] = useState(0);
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_MAX_WIDTH_PX - 0.05}px)`);
  const labels = tabLabels(small, playlistCount, deviceCount);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={index}
        onChange={(_event, next: number) => setIndex(next)}
        variant={small ? 'fullWidth' : 'scrollable'}
        scrollButtons="auto"
        aria-label="Main sections"
      >
        {TAB_IDS.map((id, i) => (
          <Tab key={id} label={labels[i]} id={`tab-${id}`} aria-controls={`panel-${id}`} />
        ))}
      </Tabs>
      {/* The Playlists tab stays mounted, hidden: coming back to it shows it at once, search and
          page as left. The others mount when opened (their polling stops when left). */}
      <TabPanel id="playlists" active={index === 0} keepMounted>
        {PANELS.playlists}
      </TabPanel>
      <TabPanel id="alarms" active={index === 1}>
        {PANELS.alarms}
      </TabPanel>
      <TabPanel id="devices" active={index === 2}>
        {PANELS.devices}
      </TabPanel>
      <TabPanel id="help" active={index === 3}>
        {PANELS.help}
      </TabPanel>
    </Paper>
  );
});

function TabPanel({
  id,
  active,
  keepMounted = false,
  children,
}: {
  id: string;
  active: boolean;
  keepMounted?: boolean;
  children: ReactNode;
}) {
  if (!active && !keepMounted) return null;
  return (
    <Box
      role="tabpanel"
      id={`panel-${id}`}
      aria-labelledby={`tab-${id}`}
      hidden={!active}
      sx={{ p: { xs: 1.5, sm: 3 } }}
    >
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
  );
}
