import { memo } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';

// The browser's search box and cards as one stylesheet, written once: they are plain elements with
// these classes (plus the cards' MUI buttons), so a keystroke that brings 12 new cards does not
// serialise a dozen emotion styles per card, and the first view loads no MUI text field.

// Colours are the theme's CSS variables (theme.vars), so the sheet follows the system's light or
// dark scheme without being rebuilt; without a ThemeProvider (unit tests) the plain palette.
const styles = (theme: Theme) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    '.pl-toolbar': {
      display: 'flex',
      gap: theme.spacing(1),
      alignItems: 'center',
      marginBottom: theme.spacing(2),
    },
    '.pl-search': {
      position: 'relative' as const,
      flexGrow: 1,
      display: 'flex',
      alignItems: 'center',
      color: palette.action.active,
    },
    '.pl-search svg': {
      position: 'absolute' as const,
      left: 12,
      width: 24,
      height: 24,
      fill: 'currentColor',
    },
    '.pl-search input': {
      ...theme.typography.body1,
      width: '100%',
      height: 40,
      padding: theme.spacing(0, 1.5, 0, 6),
      color: palette.text.primary,
      background: palette.background.paper,
      border: `1px solid ${theme.alpha(palette.text.primary, 0.23)}`,
      borderRadius: theme.shape.borderRadius,
      outline: 'none',
    },
    '.pl-search input:hover': { borderColor: palette.text.primary },
    '.pl-search input:focus-visible, .pl-search input:focus': {
      borderColor: palette.primary.main,
      boxShadow: `inset 0 0 0 1px ${palette.primary.main}`,
    },
    '.pl-pages ul': {
      listStyle: 'none',
      display: 'flex',
      justifyContent: 'center',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      margin: theme.spacing(2, 0),
      padding: 0,
    },
    '.pl-pages li': { ...theme.typography.body2, minWidth: 32, textAlign: 'center' as const },
    '.pl-pages button': {
      ...theme.typography.body2,
      minWidth: 32,
      height: 32,
      padding: theme.spacing(0, 0.75),
      border: 0,
      borderRadius: 16,
      background: 'transparent',
      color: palette.text.primary,
      cursor: 'pointer',
    },
    '.pl-pages button:hover:not(:disabled)': { background: palette.action.hover },
    '.pl-pages button:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
    '.pl-pages button:disabled': { color: palette.action.disabled, cursor: 'default' },
    '.pl-pages button[aria-current="page"]': {
      background: palette.primary.main,
      color: palette.primary.contrastText,
    },
    '.pl-grid': {
      listStyle: 'none',
      margin: 0,
      padding: 0,
      display: 'grid',
      gap: theme.spacing(1.5),
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      [theme.breakpoints.up('sm')]: {
        gap: theme.spacing(2),
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      },
      [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    },
    '.pl-grid[data-view="list"]': { gridTemplateColumns: 'minmax(0, 1fr)' },
    '.pl-card': {
      display: 'flex',
      flexDirection: 'column' as const,
      height: '100%',
      overflow: 'hidden',
      background: palette.background.paper,
      border: `1px solid ${theme.alpha(palette.primary.main, 0.16)}`,
      borderRadius: theme.shape.borderRadius,
    },
    '.pl-card--list': { flexDirection: 'row' as const },
    '.pl-card__cover': {
      display: 'block',
      width: '100%',
      aspectRatio: '1',
      objectFit: 'cover' as const,
      flexShrink: 0,
    },
    '.pl-card--list .pl-card__cover': { width: 72, [theme.breakpoints.up('sm')]: { width: 96 } },
    '.pl-card__placeholder': {
      display: 'grid',
      placeItems: 'center',
      background: palette.primary.light,
      color: palette.primary.contrastText,
      fontSize: 56,
    },
    '.pl-card--list .pl-card__placeholder': { fontSize: 36 },
    '.pl-card__body': { display: 'flex', flexDirection: 'column' as const, flexGrow: 1, minWidth: 0 },
    '.pl-card__content': { flexGrow: 1, padding: theme.spacing(2, 2, 1) },
    '.pl-card__title': {
      ...theme.typography.subtitle1,
      fontWeight: 700,
      margin: 0,
      overflowWrap: 'anywhere' as const,
    },
    '.pl-card__group, .pl-card__description': { ...theme.typography.body2, margin: 0 },
    // secondary.dark is under 4.5:1 on a dark card: the dark scheme takes the lighter shade.
    '.pl-card__group': {
      color: palette.secondary.dark,
      ...theme.applyStyles('dark', { color: palette.secondary.light }),
    },
    '.pl-card__description': { color: palette.text.secondary },
    '.pl-card__badges': {
      display: 'flex',
      flexWrap: 'wrap' as const,
      gap: theme.spacing(0.5),
      marginTop: theme.spacing(1),
    },
    '.pl-badge': {
      ...theme.typography.caption,
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      padding: theme.spacing(0, 1),
      borderRadius: 12,
      background: palette.action.selected,
      color: palette.text.primary,
    },
    '.pl-badge--outlined': { background: 'transparent', border: `1px solid ${palette.divider}` },
    '.pl-badge--family': {
      background: palette.secondary.main,
      color: palette.secondary.contrastText,
    },
    '.pl-icon': {
      width: 18,
      height: 18,
      marginRight: theme.spacing(0.75),
      fill: 'currentColor',
      flexShrink: 0,
    },
    '.pl-card__actions': {
      display: 'flex',
      flexWrap: 'wrap' as const,
      gap: theme.spacing(0.5),
      padding: theme.spacing(0, 2, 2),
    },
  };
};

/** Rendered once by the browser; memo keeps the stylesheet from being rebuilt on its renders. */
export const PlaylistBrowserStyles = memo(function PlaylistBrowserStyles() {
  return <GlobalStyles styles={styles} />;
});
