import Avatar from '@mui/material/Avatar';
import AlbumIcon from '@mui/icons-material/Album';
import type { AlarmCard } from '@playlist-alarms/core/library/alarm-cards';
import { coverOf } from '@playlist-alarms/core/texts/alarm-edit-texts';

/** An alarm's card cover, named for the card; a plain disc where the card has none. */
export function AlarmCardCover({ card, size = 40 }: { card: AlarmCard; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={card.coverArt ?? undefined}
      alt={coverOf(card.title)}
      sx={{ width: size, height: size }}
    >
      <AlbumIcon aria-hidden />
    </Avatar>
  );
}
