import type { ReactNode } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AlarmCardChoice } from '@playlist-alarms/core/alarms/alarm-edit';
import { alarmCardSource, chapterChoices, type AlarmCard } from '@playlist-alarms/core/library/alarm-cards';
import { ALARM_EDIT_TEXTS } from '@playlist-alarms/core/texts/alarm-edit-texts';
import { useCardChapters } from '../../api/get-card-content';
import { useAlarmCard, useAlarmCardChoices } from './api/get-alarm-card';

/** The card choice's entries under their source's heading ("Your playlists", each family group). */
function cardMenu(cards: readonly AlarmCard[]) {
  const items: ReactNode[] = [];
  let heading: string | null = null;
  for (const card of cards) {
    const source = alarmCardSource(card);
    if (source !== heading) {
      heading = source;
      items.push(<ListSubheader key={`h:${source}`}>{source}</ListSubheader>);
    }
    items.push(
      <MenuItem key={card.cardId} value={card.cardId}>
        {card.title}
      </MenuItem>,
    );
  }
  return items;
}

/**
 * Edit alarm's card and chapter: any card of the own playlists or the family library, and a chapter
 * of it (or its start). A new card starts at its beginning.
 */
export function AlarmCardFields({
  card,
  onChange,
}: {
  card: AlarmCardChoice;
  onChange: (card: AlarmCardChoice) => void;
}) {
  const { cards } = useAlarmCardChoices();
  // The alarm's own card stays a choice even where no list holds it (named as the alarm list names it).
  const current = useAlarmCard(card.cardId);
  const all = cards.some((c) => c.cardId === card.cardId) ? cards : [current, ...cards];
  const chapters = chapterChoices(useCardChapters(card.cardId), card.chapterKey);
  return (
    <>
      <TextField
        select
        label={ALARM_EDIT_TEXTS.card}
        value={card.cardId}
        onChange={(event) => onChange({ cardId: event.target.value, chapterKey: '' })}
      >
        {cardMenu(all)}
      </TextField>
      <TextField
        select
        label={ALARM_EDIT_TEXTS.chapter}
        value={card.chapterKey}
        onChange={(event) => onChange({ ...card, chapterKey: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {chapters.map((chapter) => (
          <MenuItem key={chapter.key || 'start'} value={chapter.key}>
            {chapter.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
