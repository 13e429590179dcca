import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { volumeLimitText } from '@playlist-alarms/core/device/volume-limit';

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
