import { memo } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GroupFilter, GroupTab } from '@playlist-alarms/core/library/playlist-browser';

interface GroupTabsProps {
  tabs: readonly GroupTab[];
  value: GroupFilter;
  onChange: (group: GroupFilter) => void;
}

/** The scrollable group row; not rendered when core gives no tabs (one group or none). */
export const GroupTabs = memo(function GroupTabs({ tabs, value, onChange }: GroupTabsProps) {
  if (tabs.length === 0) return null;
  const selected = tabs.some((tab) => tab.value === value) ? value : 'all';
  return (
    <Tabs
      value={selected}
      onChange={(_event, next: GroupFilter) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Playlist groups"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} />
      ))}
    </Tabs>
  );
});
