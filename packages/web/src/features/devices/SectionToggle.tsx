import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

/** The header button that opens and closes a card's collapsible section (status, day and night). */
export function SectionToggle({
  open,
  onToggle,
  controls,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  /** The id of the body it shows: named only while the body is there. */
  controls: string;
  children: ReactNode;
}) {
  return (
    <Button
      color="inherit"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: '0.2s' }} />}
      sx={{ textTransform: 'none', fontWeight: 600 }}
    >
      {children}
    </Button>
  );
}
