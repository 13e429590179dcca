import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The main tab with this label, as it is now (the tabs are few: a cheap query). */
export const mainTab = (label: string): HTMLElement =>
  within(screen.getByRole('tablist', { name: 'Main sections' })).getByRole('tab', { name: label });

/**
 * Opens a main tab by its label, once a tab has it, and returns its panel for the test to query within.
 *
 * Why within: a role query over the whole logged-in page takes about 600 ms in jsdom (each
 * element's computed style matches every one of Emotion's ~600 rules, for it and its ancestors),
 * and a `findBy` repeats it every 50 ms. React renders a lazy tab's section in 5 ms slices between
 * those checks, so on a loaded two-core machine the section did not show within 40 s. A query in
 * the panel only looks at its spinner until the section arrives.
 */
export async function openMainTab(label: string): Promise<HTMLElement> {
  const tabs = await screen.findByRole('tablist', { name: 'Main sections' });
  // Waited for: a label such as "Device Management (2)" shows once the list has loaded.
  const tab = await within(tabs).findByRole('tab', { name: label });
  await userEvent.click(tab);
  const panelId = tab.getAttribute('aria-controls');
  const panel = panelId ? document.getElementById(panelId) : null;
  if (!panel) throw new Error(`the tab "${label}" opened no panel (aria-controls="${panelId}")`);
  return panel;
}
