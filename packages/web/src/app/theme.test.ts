// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CssVarsTheme, Theme } from '@mui/material/styles';
import { PRESSED_OPACITY, SCHEME_BACKGROUNDS, theme } from './theme';

// The Theme type hides the CSS-variable members unless the app declares them for every theme.
const withCssVars = (t: Theme): t is Theme & Pick<CssVarsTheme, 'generateStyleSheets'> =>
  'generateStyleSheets' in t;

const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe('light and dark follow the system, with no script', () => {
  it('writes both schemes under prefers-color-scheme media queries', () => {
    // Components read colours through CSS variables, which the media queries set per scheme.
    expect(theme.vars?.palette.background.default).toMatch(/^var\(--mui-palette-background-default\b/);
    if (!withCssVars(theme)) throw new Error('the theme has no CSS variables');
    const sheets = JSON.stringify(theme.generateStyleSheets());
    const [light, dark] = sheets.split('@media (prefers-color-scheme: dark)');
    expect(light).toContain(`"--mui-palette-background-default":"${SCHEME_BACKGROUNDS.light}"`);
    expect(dark).toContain(`"--mui-palette-background-default":"${SCHEME_BACKGROUNDS.dark}"`);
    expect(theme.applyStyles('dark', { color: 'red' })).toEqual({
      '@media (prefers-color-scheme: dark)': { color: 'red' },
    });
  });

  it("paints the theme's background in index.html before the script, for each scheme", () => {
    expect(indexHtml).toContain('<meta name="color-scheme" content="light dark" />');
    const [plain, dark] = indexHtml.split('@media (prefers-color-scheme: dark)');
    expect(plain).toContain(`background-color: ${SCHEME_BACKGROUNDS.light}`);
    expect(dark).toContain(`background-color: ${SCHEME_BACKGROUNDS.dark}`);
  });

  it('keeps index.html free of inline script (the CSP refuses it)', () => {
    const scripts = indexHtml.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    for (const script of scripts) expect(script).toMatch(/<script type="module" src="[^"]+"><\/script>/);
  });
});

describe('buttons: no ripple, a dimmed press, a focus ring', () => {
  it('turns the ripple off for every ButtonBase and dims a pressed one', () => {
    const buttonBase = theme.components?.MuiButtonBase;
    expect(buttonBase?.defaultProps?.disableRipple).toBe(true);
    expect(buttonBase?.styleOverrides?.root).toEqual({
      '&:active:not(.Mui-disabled)': { opacity: PRESSED_OPACITY },
    });
    expect(PRESSED_OPACITY).toBeLessThan(1);
  });

  it("shows keyboard focus with an outline in the scheme's primary", () => {
    expect(theme.focusVisible).toMatchObject({
      outlineStyle: 'solid',
      outlineWidth: 2,
      outlineColor: expect.stringMatching(/^var\(--mui-palette-primary-main\b/) as unknown,
    });
  });
});
