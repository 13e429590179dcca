import { styled } from '@mui/material/styles';
import { PRESSED_OPACITY } from './theme';

/**
 * The brand card's one full-width button ("Connect Yoto Account", "Retry"): MUI's contained,
 * large, unelevated primary Button, drawn from the same theme values, as a plain `<button>`.
 *
 * Why not MUI's Button: it brings ButtonBase and its ripple (TouchRipple, react-transition-group),
 * about 6 kB gzip of the logged-out view's first download, whose budget is 110 kB. The signed-in
 * views load MUI's Button anyway, after the first paint. Like every button of the app (theme.ts), it
 * shows keyboard focus with the theme's ring and a press by dimming.
 */
export const BrandButton = styled('button')(({ theme }) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    ...theme.typography.button,
    fontSize: theme.typography.pxToRem(15),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    width: '100%',
    minWidth: 64,
    margin: 0,
    padding: '8px 22px',
    border: 0,
    borderRadius: (theme.vars ?? theme).shape.borderRadius,
    color: palette.primary.contrastText,
    backgroundColor: palette.primary.main,
    cursor: 'pointer',
    userSelect: 'none',
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.short }),
    '@media (hover: hover)': { '&:hover': { backgroundColor: palette.primary.dark } },
    '&:active': { opacity: PRESSED_OPACITY },
    // The theme's ring, as every MUI button shows it on keyboard focus.
    ...(theme.focusVisible ? { '&:focus-visible': theme.focusVisible } : {}),
  };
});
