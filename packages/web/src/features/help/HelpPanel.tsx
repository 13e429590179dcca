import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { volumeLimitText } from '@playlist-alarms/core/device/volume-limit';
import { CARD_LABELS } from '@playlist-alarms/core/library/playlist-card';
import { ALARM_EXTRAS_TEXTS } from '@playlist-alarms/core/texts/alarm-extras-texts';
import { CHAPTER_TEXTS } from '@playlist-alarms/core/texts/chapter-texts';
import { CLOUD_EDIT_TEXTS } from '@playlist-alarms/core/texts/cloud-edit-texts';
import { DAY_NIGHT_TITLE, OK_TO_WAKE_PRESET_LABEL } from '@playlist-alarms/core/texts/day-night-texts';
import { FAVOURITE_TEXTS } from '@playlist-alarms/core/texts/favourite-texts';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import { SET_BY_ANOTHER_PARENT } from '@playlist-alarms/core/cloud/household-alarms';
import { ALARM_HISTORY_OPEN } from '@playlist-alarms/core/texts/alarm-history-texts';
import { PUSH_SETTINGS_TEXTS } from '@playlist-alarms/core/texts/push-settings-texts';

// What a parent needs to know, short. Quoted words are the app's own (the same constants where
// there is one), so the help names what the parent will see.
// aria-labelledby takes a space-separated id list, so ids must not contain spaces.
const SECTIONS = [
  {
    id: 'help-getting-started',
    title: 'Getting Started',
    points: [
      'Press "Connect Yoto Account" and sign in on Yoto\'s page. This browser stays signed in until you press Logout; your Yoto password never reaches this app.',
      'Your playlists, family library and players load by themselves. A player shows Online when it is switched on and connected to WiFi.',
      'The round help button starts a guided tour of the tabs.',
    ],
  },
  {
    id: 'help-key-features',
    title: 'Key Features',
    points: [
      'Browse and search your playlists, twelve to a page. Play starts one on an online player (where it was left off); pause, resume or stop it from the same card.',
      `Device Management has a remote for each online player: volume, night light (not on a Mini), sleep timer, Bluetooth and display. The volume stops at the limit set in Yoto's app and says where it is ("${volumeLimitText(8)}").`,
      'Set Alarm on a playlist saves the alarm on the player itself, which rings it by its own clock, even with this app closed. Its volume is a level from 1 to 8: Yoto keeps alarms at 8 of 16 or lower.',
      'A player\'s alarms follow the player\'s own time zone. Where it differs from yours, the time says so ("07:00 in New York").',
      'In Alarm Management, Cloud Alarms can copy a player\'s alarm to our server ("Upload Local Alarms"), which starts the playlist on time with this app closed. Under each one a receipt says whether it played, or why not.',
      `"${CLOUD_EDIT_TEXTS.newButton}" makes a cloud alarm from scratch. Every alarm, on the player or in the cloud, can be edited in place and switched off and on; a cloud alarm can be duplicated.`,
      `A cloud wake-up alarm can "${ALARM_EXTRAS_TEXTS.fadeLabel}" from quiet to its volume, never above the player's limit; a bedtime one can set the "${ALARM_EXTRAS_TEXTS.sleepTimerLabel}" and the "${ALARM_EXTRAS_TEXTS.nightLightLabel}".`,
      `"${SKIP_PAUSE_TEXTS.skipNext}" silences an alarm's next ringing only, and "${SKIP_PAUSE_TEXTS.pauseUntil}" keeps it silent through a date, for a holiday; "${SKIP_PAUSE_TEXTS.resume}" undoes either. Both work on cloud alarms and on a player's own: our server switches the player's alarm off meanwhile and back on after, so it shows off until then.`,
      `Each player's "${DAY_NIGHT_TITLE}" section sets when night and day start and, for each, the light's colour (not on a Mini), the volume limit and the display, and when it switches itself off. "${OK_TO_WAKE_PRESET_LABEL}" gives a stay-in-bed colour through the night and a time-to-get-up green from the morning.`,
      `Now Playing moves through the card's chapters ("${CHAPTER_TEXTS.previousChapter}", "${CHAPTER_TEXTS.nextChapter}", "${CHAPTER_TEXTS.chapters}"), and "${CARD_LABELS.playFromChapter}" on a playlist starts it at one. "${FAVOURITE_TEXTS.pin}" puts a playlist in the remote's Quick Play Favorites.`,
      `Cloud alarms belong to the family: another parent who signs in with their own Yoto account sees, edits, skips and pauses them too, marked "${SET_BY_ANOTHER_PARENT}".`,
      `"${ALARM_HISTORY_OPEN}" on each player lists its ringings of the last 30 days: played (and how late), faded in, skipped, paused, missed or failed.`,
      `"${PUSH_SETTINGS_TEXTS.title}" under Alarm Management lets this browser tell you when a cloud alarm did not play, and in the evening when tomorrow's alarm may not ring (a player off or low on battery). "${PUSH_SETTINGS_TEXTS.quietHours}" hold them back, except about an alarm within the hour.`,
    ],
  },
  {
    id: 'help-troubleshooting',
    title: 'Troubleshooting',
    points: [
      'A player on battery switches itself off after a while without use, and shows Offline. Nothing remote can wake it: press a button on it or put it on its dock.',
      'A cloud alarm cannot wake a switched-off player. When the app warns you of this, choose "Save on the player instead": the player keeps the alarm and rings it itself.',
      `"${MESSAGES.providerRetrying}": Yoto is not answering just now. You stay signed in, and the app tries again by itself.`,
      `"${MESSAGES.sessionExpired}": Yoto ended the sign-in (for example, the app was removed from your Yoto account). Connect your Yoto account again.`,
      'A playlist without a card ID cannot be played; its Play button is disabled.',
    ],
  },
  {
    id: 'help-pro-tips',
    title: 'Pro Tips',
    points: [
      'With several players online, the app asks which one should play.',
      'Install the app ("Install App", where your browser offers it) to open it like any other. Once it has been opened here, it opens without a connection too, and says what needs one.',
      'On a phone the tabs use short labels; everything else works the same.',
    ],
  },
] as const;

export function HelpPanel() {
  return (
    <Stack spacing={3}>
      {SECTIONS.map((section) => (
        <section key={section.title} aria-labelledby={section.id}>
          <Typography id={section.id} variant="h2" component="h2" gutterBottom>
            {section.title}
          </Typography>
          <ul>
            {section.points.map((point) => (
              <li key={point}>
                <Typography>{point}</Typography>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}
