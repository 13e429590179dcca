import { expect, type Locator, type Page } from '@playwright/test';

// Page model of the Device Management tab: the tab as a whole, one player's card, and the panels
// inside a card, named as the journeys name them.

/** The Bluetooth Management panel of a player's Advanced Controls. */
export class BluetoothPanel {
  constructor(readonly root: Locator) {}

  /** Connect and Disconnect by their exact names: other buttons contain those words. */
  button = (
    name: 'Check State' | 'Connect' | 'Disconnect' | 'Delete Bonds' | 'Bluetooth On' | 'Bluetooth Off',
  ) => this.root.getByRole('button', { name, exact: name === 'Connect' || name === 'Disconnect' });
  targetName = () => this.root.getByRole('textbox', { name: 'Target name' });
  targetMac = () => this.root.getByRole('textbox', { name: 'Target MAC address' });
  mode = (name: 'Speaker' | 'Audio source') => this.root.getByRole('radio', { name });
  modes = () => this.root.getByRole('radio');
}

/** Ambient LEDs: colour presets, a slider per channel, Set Colour and Off. */
export class LedsPanel {
  constructor(readonly root: Locator) {}

  preset = (name: string) => this.root.getByRole('button', { name });
  channel = (name: 'Red' | 'Green' | 'Blue') => this.root.getByRole('slider', { name });
  setColour = () => this.root.getByRole('button', { name: 'Set Colour' });
  off = () => this.root.getByRole('button', { name: 'Off' });
}

export class SleepTimerPanel {
  constructor(readonly root: Locator) {}

  preset = (name: string) => this.root.getByRole('button', { name });
  minutes = () => this.root.getByRole('slider', { name: 'Sleep timer minutes' });
  setTimer = () => this.root.getByRole('button', { name: 'Set Timer' });
  off = () => this.root.getByRole('button', { name: 'Off' });
}

export class DisplayPreviewPanel {
  constructor(readonly root: Locator) {}

  show = () => this.root.getByRole('button', { name: 'Show Preview' });
  iconUri = () => this.root.getByRole('textbox', { name: 'Icon URI' });
  timeout = () => this.root.getByRole('slider', { name: 'Preview timeout seconds' });
  animated = () => this.root.getByRole('switch', { name: 'Animated' });
}

/** A player's Day & Night section: its fields by label, the OK-to-wake preset, Save. */
export class DayNightPanel {
  constructor(readonly root: Locator) {}

  /** A field by its exact label ("Night starts", "Stay in bed colour", "Max volume at night", …). */
  field = (label: string) => this.root.getByLabel(label, { exact: true });
  preset = () => this.root.getByRole('button', { name: 'Use the OK-to-wake preset' });
  save = () => this.root.getByRole('button', { name: 'Save', exact: true });
  /** What the section says after a save: the player keeps the settings, or why not. */
  outcome = () => this.root.getByRole('status').or(this.root.getByRole('alert'));
}

/** One player's card ("Bedroom Player", …) in the tab. */
export class PlayerCard {
  constructor(readonly root: Locator) {}

  heading = (name: string) => this.root.getByRole('heading', { name });
  text = (text: string | RegExp) => this.root.getByText(text);
  button = (name: string, exact = false) => this.root.getByRole('button', { name, exact });
  connectButton = () => this.button('Connect MQTT');
  disconnectButton = () => this.button('Disconnect MQTT');
  /** A labelled chip of the card's summary ("Battery 15% ⚡", "WiFi Good", "Volume 5/16 (31%)"). */
  chip = (label: string) => this.root.getByLabel(label);
  deviceAlarms = () => this.root.getByRole('list', { name: 'Alarms on this device' }).getByRole('listitem');
  /** A section of the Detailed Status Report, or a panel of the controls, by its heading. */
  region = (name: string) => this.root.getByRole('region', { name });
  regionText = (name: string, text: string) => this.region(name).getByText(text);

  /** The value of one row ("Power Source", …) of a section of the Detailed Status Report. */
  reportValue = (section: string, label: string) =>
    this.region(section)
      .locator('dl > div')
      .filter({
        has: this.root
          .page()
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${label}$`) }),
      })
      .getByRole('definition');

  quickPlay = () => this.root.getByRole('group', { name: 'Quick Play Favorites' }).getByRole('button');
  cardUri = () => this.root.getByRole('textbox', { name: 'Card URI' });
  volumeGauge = () => this.root.getByRole('group', { name: 'Volume gauge' });
  volumeLevels = () => this.volumeGauge().getByRole('button');
  /** A gauge segment by its whole name ("Volume 8 (over the limit 8 of 16)"). */
  volumeSegment = (name: string) => this.volumeGauge().getByRole('button', { name });
  /** "limit 8 of 16" when the player has a max-volume limit. */
  volumeLimit = () => this.root.getByTestId('volume-limit');
  /** "Muted", "Quiet", "Medium" or "Loud". */
  volumeBand = () => this.root.getByTestId('volume-band');
  volumeLevel = (level: number) => this.volumeGauge().getByRole('button', { name: `Volume ${level}` });

  async openAdvanced(): Promise<void> {
    await this.button('Advanced Controls').click();
    await expect(this.region('Ambient LEDs')).toBeVisible();
  }

  leds = () => new LedsPanel(this.region('Ambient LEDs'));

  /** Opens the Day & Night section (its body loads on the first opening) and returns it. */
  async openDayNight(name: string): Promise<DayNightPanel> {
    const section = new DayNightPanel(this.region(`${name} Day & Night`));
    await section.root.getByRole('button', { name: 'Day & Night' }).click();
    await expect(section.field('Night starts')).toBeVisible();
    return section;
  }
  sleepTimer = () => new SleepTimerPanel(this.region('Sleep Timer'));
  displayPreview = () => new DisplayPreviewPanel(this.region('Display Preview'));
  /** Status and Events by their exact names (Refresh Status is another button). */
  systemControl = (name: 'Status' | 'Events' | 'Reboot') =>
    this.region('System Controls').getByRole('button', { name, exact: name !== 'Reboot' });
  bluetooth = () => new BluetoothPanel(this.region('Bluetooth Management'));
  /** The banner that tells a Bluetooth command's result. */
  banner = () => this.root.getByTestId('bluetooth-banner');
  closeBanner = () => this.banner().getByRole('button', { name: 'Close' }).click();
}

export class DevicesTab {
  constructor(readonly page: Page) {}

  tab = () => this.page.getByRole('tab', { name: 'Device Management (3)', exact: true });
  cards = () => this.page.getByRole('article');
  player = (name: string) => new PlayerCard(this.page.getByRole('article', { name }));
  overviewToggle = () => this.page.getByRole('button', { name: 'Device Status Overview' });
  /** "MQTT Connected" or "MQTT Disconnected" in the tab's connection summary. */
  connectionState = (text: string) => this.page.getByLabel('Connection summary').getByText(text);
  /** Text in one player's row of the Device Status Overview. */
  overviewText = (name: string, text: string) =>
    this.page.getByRole('group', { name: `${name} overview` }).getByText(text);
  dialog = (name: string) => this.page.getByRole('dialog', { name });
  dialogButton = (dialog: string, button: string) =>
    this.dialog(dialog).getByRole('button', { name: button });

  async open(): Promise<void> {
    await this.tab().click();
  }
}
