import { memo, useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { statusReport } from '@playlist-alarms/core/device/status-report';
import type { StatusSection, StatusSources } from '@playlist-alarms/core/device/status-report';

/** The "Detailed Status Report": core decides the sections and their values; this lays them out. */
export function StatusReport({ sources }: { sources: StatusSources }) {
  const sections = useMemo(() => statusReport(sources), [sources]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {sections.map((section) => (
        <StatusReportSection key={section.title} section={section} />
      ))}
    </Box>
  );
}

/** Same title and the same rows, label for label and value for value. */
const sameSection = (a: StatusSection, b: StatusSection): boolean =>
  a.title === b.title &&
  a.rows.length === b.rows.length &&
  a.rows.every((row, i) => row.label === b.rows[i]?.label && row.value === b.rows[i]?.value);

// The report is made anew for every message; a section re-renders only when its text changes (a
// play command changes the "Audio & Playback" rows, not the other seven sections).
const StatusReportSection = memo(
  function StatusReportSection({ section }: { section: StatusSection }) {
    const id = useId();
    return (
      <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 1.5 }}>
        <Typography id={id} variant="subtitle2" component="h4" gutterBottom>
          {section.title}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {section.rows.map((row) => (
            <StatusReportRow key={row.label} label={row.label} value={row.value} />
          ))}
        </Box>
      </Paper>
    );
  },
  (before, after) => sameSection(before.section, after.section),
);

const StatusReportRow = memo(function StatusReportRow({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
});
