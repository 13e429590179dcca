import { createTheme } from '@mui/material/styles';

// Friendly, rounded and mobile-first: big touch targets, soft colours a parent would trust at bedtime.
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#5b4bdb' },
    secondary: { main: '#ff8a3d' },
    background: { default: '#f6f4ff', paper: '#ffffff' },
  },
  shape: { borderRadius: 14 },
  typography: {
    fontFamily: '"Nunito", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: 'clamp(1.5rem, 6vw, 1.9rem)', fontWeight: 800 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e6e1ff' } } },
    MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
  },
});
