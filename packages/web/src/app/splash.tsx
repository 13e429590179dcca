// Build-time only (build/prerender-splash.ts loads it in Node): the loading view as hydratable HTML
// (renderToString, not renderToStaticMarkup, whose output React cannot hydrate), with the
// theme's CSS inline, for index.html's #root. Never imported by the app.
import { renderToString } from 'react-dom/server';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LoadingView } from './LoadingView';
import { theme } from './theme';

export function renderSplash(): string {
  return renderToString(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LoadingView />
    </ThemeProvider>,
  );
}
