import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';

export interface ErrorAlertProps {
  severity: 'error' | 'warning';
  children: ReactNode;
}

/** The brand card's alert (a failed start or sign-in): MUI's Alert, a lazy chunk (ErrorNotice.tsx). */
export function ErrorAlert({ severity, children }: ErrorAlertProps) {
  return (
    <Alert severity={severity} sx={{ mb: 2, textAlign: 'left' }}>
      {children}
    </Alert>
  );
}
