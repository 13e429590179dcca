import { memo } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { BrowserView } from '@playlist-alarms/core/playlist-browser';

export interface PlaylistToolbarProps {
  search: string;
  view: BrowserView;
  onSearch: (text: string) => void;
  onView: (view: BrowserView) => void;
}

/** Search box and grid/list toggle: the only part re-rendered on a keystroke. */
export const PlaylistToolbar = memo(function PlaylistToolbar({
  search,
  view,
  onSearch,
  onView,
}: PlaylistToolbarProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="Search playlists..."
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { 'aria-label': 'Search playlists' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <ToggleButtonGroup
        value={view}
        exclusive
        size="small"
        aria-label="Playlist view"
        onChange={(_event, next: BrowserView | null) => {
          if (next) onView(next);
        }}
      >
        <ToggleButton value="grid" aria-label="Grid view">
          <ViewModuleIcon />
        </ToggleButton>
        <ToggleButton value="list" aria-label="List view">
          <ViewListIcon />
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
});
