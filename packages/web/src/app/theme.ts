import { createTheme } from '@mui/material/styles';

/**
 * The page background of each scheme. index.html paints the same colours before the script runs
 * (theme.test.ts keeps the two in step), so the first frame is never the other scheme's.
 */
export const SCHEME_BACKGROUNDS = { light: '#f6f4ff', dark: '#121019' } as const;

/** How a pressed control shows the press (pointer or touch down on it), in both schemes. */
export const PRESSED_OPACITY = 0.72;

// Friendly, rounded and mobile-first: big touch targets, soft colours a parent would trust at bedtime.
// Light and dark follow the system: the CSS variables of both schemes are written under
// `@media (prefers-color-scheme)`, so the browser picks one with no script (the CSP allows none
// inline, which rules out MUI's InitColorSchemeScript) and nothing flashes on load.
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#5b4bdb' },
        // Deep enough for text on the page (4.8:1): #ff8a3d was 2.3:1 on the Now Playing button.
        secondary: { main: '#c2410c' },
        // MUI's orange (#ed6c02) is 3:1 on white, too faint for a text button (Reboot): 5:1.
        warning: { main: '#b45309' },
        background: { default: SCHEME_BACKGROUNDS.light, paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        // Lighter violet: the light scheme's #5b4bdb is under 3:1 on a dark page.
        primary: { main: '#a397ff' },
        secondary: { main: '#ff8a3d' },
        // Text on a filled colour (a contained Delete's red) is chosen for 4.5:1, not MUI's 3:1.
        contrastThreshold: 4.5,
        // Filled alerts (the snackbar) take the dark shade in this scheme: MUI's are under 4.5:1 with
        // white text (success #388e3c 4.1:1, info #0288d1 4.0:1, warning #e65100 3.8:1).
        success: { main: '#66bb6a', dark: '#2e7d32' },
        info: { main: '#29b6f6', dark: '#01579b' },
        warning: { main: '#ffa726', dark: '#b45309' },
        background: { default: SCHEME_BACKGROUNDS.dark, paper: '#1c1a27' },
      },
    },
  },
  shape: { borderRadius: 14 },
  // Keyboard focus: MUI's outline ring on every ButtonBase (inset where a parent clips), in the
  // scheme's primary. It replaces the ripple's pulse, which is off (below).
  focusVisible: true,
  typography: {
    fontFamily: '"Nunito", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: 'clamp(1.5rem, 6vw, 1.9rem)', fontWeight: 800 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    // No ripple: it renders on pointer-down, before the click's own work (4× CPU throttling: a
    // tab opened 4 to 7 ms later with it; docs/decisions/press-feedback.md). A press dims the
    // control instead, in CSS alone.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: { root: { '&:active:not(.Mui-disabled)': { opacity: PRESSED_OPACITY } } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      // A faint primary tint (≈ #e6e1ff on white), from the scheme's own primary in dark.
      styleOverrides: {
        root: ({ theme }) => ({
          border: `1px solid ${theme.alpha((theme.vars ?? theme).palette.primary.main, 0.16)}`,
        }),
      },
    },
    MuiTab: {
      styleOverrides: {
        root: { minHeight: 48 },
        // Tabs sharing a phone's width: MUI's 90 px minimum makes four overflow a 360 px screen
        // (the strip then scrolls and cuts the first label); the short labels fit in a quarter.
        fullWidth: { minWidth: 0, paddingLeft: 8, paddingRight: 8 },
      },
    },
  },
});
