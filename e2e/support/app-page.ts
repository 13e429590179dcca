import { expect, type Locator, type Page } from '@playwright/test';

/** The open dialog of that accessible name. */
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

// Page model of the app: what a parent sees and clicks, named as the spec names it.
export class AppPage {
  constructor(readonly page: Page) {}

  connectButton = () => this.page.getByRole('button', { name: 'Connect Yoto Account' });
  /** The snackbar's message: a tab's own alert (a list that failed to load, with Retry) is not it. */
  snackbar = () => this.page.locator('.MuiSnackbar-root').getByRole('alert');
  tab = (name: string) => this.page.getByRole('tab', { name, exact: true });
  playlistCards = () => this.page.getByTestId('playlist-card');
  playlistCard = (title: string) => this.playlistCards().filter({ hasText: title });
  playerCard = (name: string) => this.page.getByRole('article', { name });

  async open(): Promise<void> {
    await this.page.goto('/');
  }

  /**
   * The whole browser sign-in: app → sandbox sign-in page → back to the app, logged in. `as` names
   * another demo account to switch to on the sign-in page (its link), such as 'Second Demo Parent'.
   */
  async signIn(as?: string): Promise<void> {
    await this.open();
    await this.connectButton().click();
    await expect(this.page.getByText('Demo Parent').first()).toBeVisible();
    if (as !== undefined) {
      await this.page.getByRole('link', { name: new RegExp(`^Use ${as} \\(`) }).click();
      await expect(this.page.getByTestId('account')).toContainText(as);
    }
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    // The sandbox grants no openid, as the real provider for a new app: no name to greet by.
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true }),
    ).toBeVisible();
  }

  /** Signed in: opens the Device Management tab and connects the player over MQTT; returns its card. */
  async connectPlayer(name = 'Bedroom Player'): Promise<Locator> {
    await this.tab('Device Management (3)').click();
    const card = this.playerCard(name);
    await card.getByRole('button', { name: 'Connect MQTT' }).click();
    await expect(card.getByRole('button', { name: 'Disconnect MQTT' })).toBeVisible();
    return card;
  }

  /** In the open Alarm Management tab: shows that player's alarms; returns their list once filled. */
  async deviceAlarms(name = 'Bedroom Player'): Promise<Locator> {
    await this.page.getByRole('button', { name }).click();
    const list = this.page.getByRole('list', { name: 'Device alarms' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    return list;
  }

  /** Escape closes the open `dialog`. */
  async closeWithEscape(opened: Locator): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0);
  }

  async expectSnackbar(text: string): Promise<void> {
    await expect(this.snackbar().filter({ hasText: text })).toBeVisible();
  }
}
