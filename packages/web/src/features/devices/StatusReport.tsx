import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { statusReport } from '@playlist-alarms/core/status-report';
import type { StatusSection, StatusSources } from '@playlist-alarms/core/status-report';

/** The "Detailed Status Report": core decides the sections and their values; this lays them out. */
export function StatusReport({ sources }: { sources: StatusSources }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {statusReport(sources).map((section) => (
        <StatusReportSection key={section.title} section={section} />
      ))}
    </Box>
  );
}

function StatusReportSection({ section }: { section: StatusSection }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 1.5 }}>
      <Typography id={id} variant="subtitle2" component="h4" gutterBottom>
        {section.title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {section.rows.map((row) => (
          <Box key={row.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {row.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
