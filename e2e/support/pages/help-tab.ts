import { expect, type Locator, type Page } from '@playwright/test';

// Page model of the Help & Tutorial tab and the guided tour its button starts (the button sits in
// the header, so the tour can be started from any tab).

export class HelpTab {
  constructor(readonly page: Page) {}

  tab = () => this.page.getByRole('tab', { name: 'Help & Tutorial', exact: true });
  gettingStarted = () => this.page.getByRole('heading', { name: 'Getting Started' });
  /** A tab's panel, by the tab's name (the tour's steps open them). */
  panel = (tab: string) => this.page.getByRole('tabpanel', { name: tab });

  /** Opens the tab and waits for its first section. */
  async open(): Promise<void> {
    await this.tab().click();
    await expect(this.gettingStarted()).toBeVisible();
  }

  tourButton = () => this.page.getByRole('button', { name: 'Start the guided tour' });
  /** The tour's step of that title. */
  step = (title: string) => this.page.getByRole('dialog', { name: title });
  /** The step whose counter reads this ("1/4"). */
  stepCounted = (counter: string) => this.page.getByRole('dialog').filter({ hasText: counter });
  /** Back, Next or Done of the open step (by exact name unless told; in one step when given). */
  stepButton = (name: 'Back' | 'Next' | 'Done', options: { exact?: boolean; in?: Locator } = {}) =>
    (options.in ?? this.page).getByRole('button', { name, exact: options.exact ?? true });
  highlight = () => this.page.getByTestId('tour-highlight');
  dialogs = () => this.page.getByRole('dialog');
}
