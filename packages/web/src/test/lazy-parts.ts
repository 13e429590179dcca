import { screen, within } from '@testing-library/react';

/**
 * How long a test waits for a part of the page that is its own chunk, loaded after the first cards
 * (the header's chips, a tab's section): the first import of a chunk's modules takes seconds when
 * CI runs every test file at once on two cores.
 */
export const LAZY_MS = 40_000;

/**
 * The header's connection summary, once its chunk has come. Its chips wait for the first cards to
 * show and then load, so a play can start (and its notice show) before they are there.
 */
export const connectionSummary = (): Promise<HTMLElement> =>
  screen.findByLabelText('Connection summary', {}, { timeout: LAZY_MS });

/** A chip of the connection summary by its label ("13 Playlists", "MQTT Connected"), once it shows. */
export const summaryChip = async (label: string): Promise<HTMLElement> =>
  within(await connectionSummary()).findByText(label);
