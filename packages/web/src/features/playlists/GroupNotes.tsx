import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import type { GroupNote } from '@playlist-alarms/core/library/family-library';

export interface GroupNoteEntry {
  id: string;
  name: string;
  note: GroupNote;
}

/** Empty states of family groups: "(Empty)" and "(No accessible content)". */
export const GroupNotes = memo(function GroupNotes({ entries }: { entries: readonly GroupNoteEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box component="ul" aria-label="Family library groups" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          data-testid="group-note"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 0.25 }}
        >
          <FolderSharedIcon fontSize="small" color="secondary" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
            {entry.name}
          </Typography>
          <Typography component="span">{entry.note}</Typography>
        </Box>
      ))}
    </Box>
  );
});
