import Avatar from '@mui/material/Avatar';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import type { CardChoice } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { CLOUD_EDIT_TEXTS } from '@playlist-alarms/core/texts/cloud-edit-texts';

const cover = (choice: CardChoice) => (
  <ListItemIcon>
    <Avatar variant="rounded" src={choice.coverArt ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
      <MusicNoteIcon aria-hidden fontSize="small" />
    </Avatar>
  </ListItemIcon>
);

/** The card the alarm starts: the household's playlists, then the family library's, with covers. */
export function CardPicker({
  value,
  choices,
  familyLoading,
  onChange,
}: {
  value: string | null;
  choices: readonly CardChoice[];
  familyLoading: boolean;
  onChange: (cardId: string) => void;
}) {
  const own = choices.filter((choice) => !choice.family);
  const family = choices.filter((choice) => choice.family);
  const item = (choice: CardChoice) => (
    <MenuItem key={choice.cardId} value={choice.cardId}>
      {cover(choice)}
      <ListItemText primary={choice.title} />
    </MenuItem>
  );
  // Select wants its options as direct children: one flat list with the group headers in it.
  const options = [
    <ListSubheader key="own">{CLOUD_EDIT_TEXTS.ownGroup}</ListSubheader>,
    ...own.map(item),
    <ListSubheader key="family">{CLOUD_EDIT_TEXTS.familyGroup}</ListSubheader>,
    ...family.map(item),
    ...(familyLoading
      ? [
          <MenuItem key="loading" disabled>
            {CLOUD_EDIT_TEXTS.familyLoading}
          </MenuItem>,
        ]
      : []),
  ];
  return (
    <TextField
      select
      label={CLOUD_EDIT_TEXTS.cardLabel}
      value={value !== null && choices.some((c) => c.cardId === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: {
          renderValue: (selected) => choices.find((c) => c.cardId === selected)?.title ?? '',
        },
      }}
    >
      {options}
    </TextField>
  );
}
