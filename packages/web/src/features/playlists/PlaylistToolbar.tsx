import { memo, startTransition, useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { BrowserView } from '@playlist-alarms/core/library/playlist-browser';

// Styled by PlaylistBrowserStyles (.pl-toolbar, .pl-search): a plain input keeps MUI's text field
// (and the select, menu and modal it brings) out of the first view.

interface PlaylistToolbarProps {
  /** The search text when the toolbar mounts; afterwards the box owns it. */
  initialSearch: string;
  view: BrowserView;
  onSearch: (text: string) => void;
  onView: (view: BrowserView) => void;
}

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
    <label className="pl-search">
      <svg viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />
      </svg>
      <input
        type="text"
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          cancel.current?.();
          cancel.current = afterNextPaint(() => startTransition(() => onSearch(next)));
        }}
        placeholder="Search playlists..."
        aria-label="Search playlists"
        autoComplete="off"
      />
    </label>
  );
});

const ViewToggle = memo(function ViewToggle({ view, onView }: Pick<PlaylistToolbarProps, 'view' | 'onView'>) {
  return (
    <div role="group" aria-label="Playlist view" style={{ display: 'flex' }}>
      <IconButton
        aria-label="Grid view"
        aria-pressed={view === 'grid'}
        color={view === 'grid' ? 'primary' : 'default'}
        onClick={() => onView('grid')}
      >
        <ViewModuleIcon />
      </IconButton>
      <IconButton
        aria-label="List view"
        aria-pressed={view === 'list'}
        color={view === 'list' ? 'primary' : 'default'}
        onClick={() => onView('list')}
      >
        <ViewListIcon />
      </IconButton>
    </div>
  );
});

/** Search box and grid/list toggle. */
export function PlaylistToolbar({ initialSearch, view, onSearch, onView }: PlaylistToolbarProps) {
  return (
    <div className="pl-toolbar">
      <SearchField initialSearch={initialSearch} onSearch={onSearch} />
      <ViewToggle view={view} onView={onView} />
    </div>
  );
}
