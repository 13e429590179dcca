import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

export function PlaylistToolbar({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  return (
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
  );
}
