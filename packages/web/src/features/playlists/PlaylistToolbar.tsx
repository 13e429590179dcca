import { memo, startTransition, useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { BrowserView } from '@playlist-alarms/core/playlist-browser';

export interface PlaylistToolbarProps {
  /** The search text when the toolbar mounts; afterwards the box owns it. */
  initialSearch: string;
  view: BrowserView;
  onSearch: (text: string) => void;
  onView: (view: BrowserView) => void;
}

const SEARCH_ICON = (
  <InputAdornment position="start">
    <SearchIcon />
  </InputAdornment>
);

/** Runs `task` once the browser has painted the next frame (INP ends at that paint). */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The box keeps its own text, so a keystroke re-renders only this field and is painted at once;
 * after that paint the browser hears of it in a transition, which React drops when the next key
 * comes first.
 */
const SearchField = memo(function SearchField({
  initialSearch,
  onSearch,
}: Pick<PlaylistToolbarProps, 'initialSearch' | 'onSearch'>) {
  const [text, setText] = useState(initialSearch);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  return (
    <TextField
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        cancel.current?.();
        cancel.current = afterNextPaint(() => startTransition(() => onSearch(next)));
      }}
      placeholder="Search playlists..."
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'aria-label': 'Search playlists' }, input: { startAdornment: SEARCH_ICON } }}
    />
  );
});

const ViewToggle = memo(function ViewToggle({ view, onView }: Pick<PlaylistToolbarProps, 'view' | 'onView'>) {
  return (
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
  );
});

/** Search box and grid/list toggle. */
export function PlaylistToolbar({ initialSearch, view, onSearch, onView }: PlaylistToolbarProps) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
      <SearchField initialSearch={initialSearch} onSearch={onSearch} />
      <ViewToggle view={view} onView={onView} />
    </div>
  );
}
