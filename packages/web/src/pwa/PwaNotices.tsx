import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { showsInstallOffer } from './pwa-store';
import type { PwaStore } from './pwa-store';

// The installable app's notices, in a small root of their own beside the app (so the first view's
// code holds none of it). Only parts the first view already loads are used (Alert, Button, Card).

export const INSTALL_LABEL = 'Install App';
export const INSTALL_HINT = 'Install for offline access and better performance';
export const UPDATE_READY = 'A new version of the app is ready.';

export function PwaNotices({ store }: { store: PwaStore }) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [dismissed, setDismissed] = useState(false);
  const install = () => {
    const prompt = state.installPrompt;
    if (!prompt) return;
    // The browser's dialog may be shown once per event: the offer ends here either way.
    store.set({ installPrompt: null });
    void prompt.prompt().catch((error: unknown) => console.error('[pwa] install prompt failed', error));
  };

  const offersInstall = showsInstallOffer(state) && !dismissed;
  if (!state.offline && !state.update && !offersInstall) return null;
  return (
    <Box component="aside" aria-label="App notices">
      {state.offline && (
        <Alert
          severity="warning"
          sx={{ position: 'fixed', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 1400 }}
        >
          {MESSAGES.offline}
        </Alert>
      )}
      <Box
        sx={{
          position: 'fixed',
          bottom: 16,
          left: 16,
          right: { xs: 88, sm: 'auto' },
          maxWidth: 340,
          zIndex: 1300,
          display: 'grid',
          gap: 1,
        }}
      >
        {state.update && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={state.update}>
                Reload
              </Button>
            }
          >
            {UPDATE_READY}
          </Alert>
        )}
        {offersInstall && (
          <Card>
            <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {INSTALL_HINT}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" onClick={install}>
                  {INSTALL_LABEL}
                </Button>
                <Button onClick={() => setDismissed(true)}>Not now</Button>
              </Box>
            </CardContent>
          </Card>
        )}
      </Box>
    </Box>
  );
}
