import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { chapterNavigation } from '@playlist-alarms/core/device/chapter-navigation';
import type { Playlist } from '@playlist-alarms/core/shared/entities';
import { CHAPTER_TEXTS } from '@playlist-alarms/core/texts/chapter-texts';
import { useCardChapterState } from '../../api/get-card-content';

interface ChapterPickDialogProps {
  playlist: Playlist;
  /** Starts the card at that chapter, through the app's play flow (its player choice too). */
  onChoose: (position: { chapterKey: string; trackKey: string | null }) => void;
  onClose: () => void;
}

/** "Play from chapter…": the card's chapters from its content; choosing one plays from there. */
export function ChapterPickDialog({ playlist, onChoose, onClose }: ChapterPickDialogProps) {
  const chapters = useCardChapterState(playlist.cardId);
  // Nothing plays in this choice: the card is named, so only its chapters' state decides.
  const { list, listReason } = chapterNavigation(playlist.cardId, chapters, null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="chapter-pick-title">
      <DialogTitle id="chapter-pick-title">
        {CHAPTER_TEXTS.playFromChapterTitle}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {playlist.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {chapters.state === 'loading' ? (
          <CircularProgress aria-label={CHAPTER_TEXTS.loadingChapters} />
        ) : listReason !== null ? (
          <Typography role="status">{listReason}</Typography>
        ) : (
          <List aria-label={CHAPTER_TEXTS.chapters} dense>
            {list.map((chapter) => (
              <ListItemButton
                key={chapter.key}
                onClick={() => {
                  onClose();
                  onChoose({ chapterKey: chapter.key, trackKey: chapter.trackKey });
                }}
              >
                <ListItemText primary={chapter.label} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{CHAPTER_TEXTS.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
