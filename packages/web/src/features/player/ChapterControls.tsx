import { useCallback, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import ListIcon from '@mui/icons-material/FormatListNumbered';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import {
  chapterNavigation,
  type ChapterChoice,
  type ChapterMove,
  type ChapterNavigation,
} from '@playlist-alarms/core/device/chapter-navigation';
import { activeCardId } from '@playlist-alarms/core/device/device-message-fields';
import type { DeviceEvents } from '@playlist-alarms/core/device/device-messages';
import { CHAPTER_TEXTS } from '@playlist-alarms/core/texts/chapter-texts';
import { useCardChapterState } from '../../api/get-card-content';
import { useServices } from '../../services/app-services';
import { useDeviceCommands } from '../../services/device-commands';

/**
 * The held card's chapters as the modal offers them, and the start of one: card/start with its
 * chapterKey (and first trackKey) to this player.
 */
export function usePlayerChapters(
  deviceId: string,
  events: DeviceEvents | null,
  playbackCardId: string | null,
): { navigation: ChapterNavigation; go: (chapter: ChapterChoice) => void } {
  const { config } = useServices();
  const commands = useDeviceCommands();
  // The player's own word first; the app's play flag covers the moment before its events arrive.
  const cardId = activeCardId(events) ?? playbackCardId;
  const chapters = useCardChapterState(cardId);
  const navigation = chapterNavigation(cardId, chapters, events?.chapterKey);
  const go = useCallback(
    (chapter: ChapterChoice) => {
      if (!cardId) return;
      commands.startCardAt(deviceId, cardUri(config.provider.cardLinkHost, cardId), {
        chapterKey: chapter.key,
        trackKey: chapter.trackKey,
      });
    },
    [cardId, commands, config.provider.cardLinkHost, deviceId],
  );
  return { navigation, go };
}

/** Previous or next chapter: enabled where the move is known, else off with its reason as tooltip. */
export function ChapterStepButton({
  direction,
  move,
  onGo,
}: {
  direction: 'previous' | 'next';
  move: ChapterMove;
  onGo: (chapter: ChapterChoice) => void;
}) {
  const label = direction === 'previous' ? CHAPTER_TEXTS.previousChapter : CHAPTER_TEXTS.nextChapter;
  const icon = direction === 'previous' ? <SkipPreviousIcon /> : <SkipNextIcon />;
  if (!move.enabled)
    return (
      <Tooltip title={move.reason}>
        <span>
          <IconButton aria-label={label} disabled>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Tooltip title={`${label}: ${move.chapter.label}`}>
      <IconButton aria-label={label} onClick={() => onGo(move.chapter)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The chapter list: a menu of the card's chapters, the playing one marked; off with its reason. */
export function ChapterListButton({
  navigation,
  onGo,
}: {
  navigation: ChapterNavigation;
  onGo: (chapter: ChapterChoice) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (navigation.listReason !== null)
    return (
      <Tooltip title={navigation.listReason}>
        <span>
          <IconButton aria-label={CHAPTER_TEXTS.chapters} disabled>
            <ListIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <>
      <Tooltip title={CHAPTER_TEXTS.chapters}>
        <IconButton
          aria-label={CHAPTER_TEXTS.chapters}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ListIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {navigation.list.map((chapter) => (
          <MenuItem
            key={chapter.key}
            selected={chapter.current}
            aria-current={chapter.current || undefined}
            onClick={() => {
              setAnchor(null);
              onGo(chapter);
            }}
          >
            <ListItemText
              primary={chapter.label}
              secondary={chapter.current ? CHAPTER_TEXTS.nowPlaying : null}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
