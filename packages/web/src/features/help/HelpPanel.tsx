import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

// aria-labelledby takes a space-separated id list, so ids must not contain spaces.
const SECTIONS = [
  {
    id: 'help-getting-started',
    title: 'Getting Started',
    points: [
      'Connect your Yoto account with the button on the start page; your playlists and players load by themselves.',
      'Make sure your player is switched on and connected to WiFi so it shows as online.',
    ],
  },
  {
    id: 'help-key-features',
    title: 'Key Features',
    points: [
      'Browse and search your playlists, twelve to a page.',
      'Press Play on a playlist to start it on an online player; pause, resume or stop it from the same card.',
      'See the alarms stored on each player under Alarm Management.',
    ],
  },
  {
    id: 'help-troubleshooting',
    title: 'Troubleshooting',
    points: [
      'If no player is available, check that it is online in Device Management.',
      'If the app says your session expired, connect your Yoto account again.',
      'A playlist without a card ID cannot be played; its Play button is disabled.',
    ],
  },
  {
    id: 'help-pro-tips',
    title: 'Pro Tips',
    points: [
      'With several players online, the app asks which one should play.',
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
