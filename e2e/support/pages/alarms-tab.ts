import { expect, type Locator, type Page } from '@playwright/test';

// Page model of the Alarm Management tab and the alarm dialogs: creating one from a playlist's
// card, a player's alarms, the cloud's, and the upload from one to the other.

export const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type DayLabel = (typeof DAY_LABELS)[number];

/** The Create Alarm dialog a playlist card's Set Alarm opens. */
export class CreateAlarmDialog {
  readonly root: Locator;
  constructor(page: Page, name: 'Create Alarm' | 'Edit alarm' = 'Create Alarm') {
    this.root = page.getByRole('dialog', { name });
  }

  time = () => this.root.getByLabel('Time', { exact: true });
  device = () => this.root.getByRole('combobox', { name: 'Device' });
  day = (label: DayLabel) => this.root.getByRole('button', { name: label, exact: true });
  volume = () => this.root.getByRole('slider');
  type = (name: 'Wakeup' | 'Bedtime') => this.root.getByRole('radio', { name });
  createButton = () => this.root.getByRole('button', { name: 'Create Alarm' });

  /** Presses day buttons until exactly `days` are on. */
  async chooseDays(days: readonly DayLabel[]): Promise<void> {
    for (const label of DAY_LABELS) {
      const button = this.day(label);
      const pressed = (await button.getAttribute('aria-pressed')) === 'true';
      if (pressed !== days.includes(label)) await button.click();
    }
  }
}

/** The alarm dialog opened by a player alarm's Edit button: prefilled, with card and chapter. */
export class EditAlarmDialog extends CreateAlarmDialog {
  constructor(page: Page) {
    super(page, 'Edit alarm');
  }

  card = () => this.root.getByRole('combobox', { name: 'Card' });
  chapter = () => this.root.getByRole('combobox', { name: 'Chapter' });
  saveButton = () => this.root.getByRole('button', { name: 'Save', exact: true });

  /** Opens the card choice and picks the card of that title. */
  async chooseCard(title: string): Promise<void> {
    await this.card().click();
    await this.root.page().getByRole('option', { name: title, exact: true }).click();
  }
}

/** The cloud card's own dialog: "New Cloud Alarm", or "Edit Cloud Alarm" prefilled. */
export class CloudAlarmDialog {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    name: 'New Cloud Alarm' | 'Edit Cloud Alarm',
  ) {
    this.root = page.getByRole('dialog', { name });
  }

  time = () => this.root.getByLabel('Time', { exact: true });
  day = (label: DayLabel) => this.root.getByRole('button', { name: label, exact: true });
  type = (name: 'Wakeup' | 'Bedtime') => this.root.getByRole('radio', { name });
  playlist = () => this.root.getByRole('combobox', { name: 'Playlist' });
  text = (text: string | RegExp) => this.root.getByText(text);
  /** "Create" for a new alarm, "Save" for an edit. */
  button = (name: 'Create' | 'Save' | 'Cancel') => this.root.getByRole('button', { name, exact: true });

  /**
   * Opens the card list, waits for the family library (its group follows the household's own) and
   * picks its first card. Returns the card's title.
   */
  async chooseFirstFamilyCard(): Promise<string> {
    await this.playlist().click();
    const list = this.page.getByRole('listbox');
    await expect(list.getByText('Loading the family library…')).toHaveCount(0);
    const firstOfEachGroup = list.locator('li.MuiListSubheader-root + [role="option"]');
    await expect(firstOfEachGroup).toHaveCount(2);
    const card = firstOfEachGroup.last();
    const title = (await card.textContent()) ?? '';
    await card.click();
    return title;
  }

  /** Opens the card list and picks the card of that title (own or family). */
  async choosePlaylist(title: string): Promise<void> {
    await this.playlist().click();
    await this.page.getByRole('option', { name: title, exact: true }).click();
  }
}

export class AlarmsTab {
  constructor(readonly page: Page) {}

  cloudConnected = () => this.page.getByLabel('Cloud Connected');
  text = (text: string) => this.page.getByText(text);
  /** The button that shows that player's alarms. */
  playerButton = (name: string) => this.page.getByRole('button', { name });
  choosePlayer = (name: string) => this.playerButton(name).click();
  /** A button of the tab by its exact name ("Delete Wakeup", "Delete All", …). */
  button = (name: string) => this.page.getByRole('button', { name, exact: true });

  deviceAlarms = () => this.page.getByRole('list', { name: 'Device alarms' });
  deviceAlarm = (text: string | RegExp) => this.deviceAlarms().getByText(text);
  /** The on/off switch of the player's alarm at `time` ("05:50"). */
  deviceAlarmSwitch = (time: string) =>
    this.deviceAlarms().getByRole('switch', { name: `Alarm at ${time} on` });
  /** The delete buttons of the player's alarms, in list order. */
  deviceDeleteButtons = () => this.deviceAlarms().getByRole('button', { name: /^Delete alarm at/ });
  /** Opens the Edit alarm dialog of the player's alarm at `time`. */
  editDeviceAlarm = async (time: string): Promise<EditAlarmDialog> => {
    await this.deviceAlarms()
      .getByRole('button', { name: `Edit alarm at ${time}` })
      .click();
    return new EditAlarmDialog(this.page);
  };
  /** A card's cover in the player's alarm list. */
  deviceAlarmCover = (title: string) => this.deviceAlarms().getByRole('img', { name: `Cover of ${title}` });
  deleteDeviceAlarm = (time: string) =>
    this.deviceAlarms()
      .getByRole('button', { name: `Delete alarm at ${time}` })
      .click();

  /** "Skip next", "Pause until…" or "Resume" of the player's alarm at `time` ("07:00"). */
  deviceHoldButton = (action: 'Skip next' | 'Pause until…' | 'Resume', time: string) =>
    this.deviceAlarms().getByRole('button', { name: `${action} alarm at ${time}` });
  /** The player's alarm row at `time` (its first line starts with it). */
  deviceAlarmRow = (time: string) =>
    this.deviceAlarms()
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${time}`) });

  cloudAlarms = () => this.page.getByRole('list', { name: 'Cloud alarms' });
  cloudAlarm = (text: string | RegExp) => this.cloudAlarms().getByText(text);
  cloudDeleteButton = (name: string) => this.cloudAlarms().getByRole('button', { name: `Delete ${name}` });
  deleteCloudAlarm = (name: string) => this.cloudDeleteButton(name).click();

  newCloudAlarm = () => this.button('New Cloud Alarm').click();
  /** A cloud alarm's on/off switch, by the alarm's name. */
  cloudSwitch = (name: string) => this.cloudAlarms().getByRole('switch', { name: `${name} on` });
  editCloudAlarm = (name: string) =>
    this.cloudAlarms()
      .getByRole('button', { name: `Edit ${name}` })
      .click();
  duplicateCloudAlarm = (name: string) =>
    this.cloudAlarms()
      .getByRole('button', { name: `Duplicate ${name}`, exact: true })
      .click();

  /** "Skip next", "Pause until…" and "Resume" of a cloud alarm, by its name. */
  skipNext = (name: string) =>
    this.cloudAlarms()
      .getByRole('button', { name: `Skip next ${name}` })
      .click();
  pauseUntil = (name: string) =>
    this.cloudAlarms()
      .getByRole('button', { name: `Pause until… ${name}` })
      .click();
  resume = (name: string) =>
    this.cloudAlarms()
      .getByRole('button', { name: `Resume ${name}` })
      .click();
  /** The "Pause until…" dialog's date and its Pause button. */
  pauseDialog = (name: string) => this.dialog(`Pause until… ${name}`);
  pauseThrough = async (name: string, date: string) => {
    await this.pauseDialog(name).getByLabel('Last silent day').fill(date);
    await this.pauseDialog(name).getByRole('button', { name: 'Pause', exact: true }).click();
  };
  /** The line saying "Skipping tomorrow" or "Paused until Mon 3 Aug". */
  skipPauseStatus = () => this.cloudAlarms().getByTestId('skip-pause-status');

  uploadButton = () => this.page.getByRole('button', { name: 'Upload Local Alarms' });
  uploadLocalAlarms = () => this.uploadButton().click();
  importFromCloud = () => this.page.getByRole('button', { name: 'Import from Cloud' }).click();

  dialog = (name: string) => this.page.getByRole('dialog', { name });
  dialogs = () => this.page.getByRole('dialog');
  /** A button of the open dialog of that name ("Delete", "Next", "Upload", …). */
  dialogButton = (dialog: string, name: string | RegExp) => this.dialog(dialog).getByRole('button', { name });
  dialogText = (dialog: string, text: string) => this.dialog(dialog).getByText(text);
  /** The alarm type chosen in the Choose Alarm Type dialog. */
  uploadType = (name: 'Wakeup' | 'Bedtime') => this.dialog('Choose Alarm Type').getByRole('radio', { name });
}
