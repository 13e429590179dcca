import Box from '@mui/material/Box';

/** The row's status line under its summary: "Skipping tomorrow", "Paused until Mon 3 Aug". */
export function SkipPauseStatus({ text }: { text: string }) {
  return (
    <Box component="span" data-testid="skip-pause-status" sx={{ display: 'block', color: 'warning.main' }}>
      {text}
    </Box>
  );
}
