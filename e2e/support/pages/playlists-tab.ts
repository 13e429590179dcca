import type { Locator, Page } from '@playwright/test';

// Page model of the playlists tabs (the user's own and the family library): the browser with its
// search, pages, views and groups, one playlist's card, and the Now Playing modal.

type CardButton =
  | 'Play this playlist'
  | 'Pause playback'
  | 'Resume playback'
  | 'Stop playback'
  | 'Set Alarm'
  | 'Connect Device'
  | 'Play from chapter…'
  | 'Pin to Quick Play'
  | 'Unpin from Quick Play';

/** One playlist's card in the browser. */
export class PlaylistCard {
  constructor(readonly root: Locator) {}

  button = (name: CardButton) => this.root.getByRole('button', { name });
  text = (text: string | RegExp, exact?: boolean) => this.root.getByText(text, { exact });
  /** The category badge ("music", …). */
  badge = (category: string) => this.text(category, true);
  coverPlaceholder = () => this.root.getByTestId('cover-placeholder');
  cover = () => this.root.locator('img');
  description = () => this.root.getByTestId('playlist-description');
  title = async (): Promise<string> => (await this.root.getByTestId('playlist-title').textContent()) ?? '';
}

/** The Now Playing modal of one player. */
export class NowPlayingModal {
  constructor(readonly root: Locator) {}

  /** The volume as the modal shows it, in percent. */
  volumeText = () => this.root.getByTestId('modal-volume');
  volumeLimit = () => this.root.getByTestId('modal-volume-limit');
  volumeBand = () => this.root.getByTestId('modal-volume-band');
  /** A volume button by its whole name ("Volume 6 (over the limit 8 of 16)"). */
  volumeNamed = (name: string) => this.root.getByRole('button', { name });
  volume = (level: number, exact = false) =>
    this.root.getByRole('button', { name: `Volume ${level}`, exact });
  gauge = () => this.root.getByRole('group', { name: 'Volume' });
  /** The gauge's ten segments ("Volume 1" … "Volume 10"). */
  segments = () => this.gauge().getByRole('button', { name: /^Volume \d+$/ });
  segment = (level: number) => this.gauge().getByRole('button', { name: `Volume ${level}`, exact: true });
  /** The bar drawn inside a segment (its height rises with the level). */
  segmentBar = (level: number) => this.segment(level).getByTestId('volume-bar');
  mute = () => this.root.getByRole('button', { name: 'Mute' });
  chapterButton = (name: 'Previous chapter' | 'Next chapter' | 'Chapters') =>
    this.root.getByRole('button', { name, exact: true });
  live = () => this.root.getByText('LIVE');
  close = () => this.root.getByRole('button', { name: 'Close' }).click();
}

export class PlaylistsTab {
  constructor(readonly page: Page) {}

  cards = () => this.page.getByTestId('playlist-card');
  card = (title: string) => new PlaylistCard(this.cards().filter({ hasText: title }));
  firstCard = () => new PlaylistCard(this.cards().first());
  /** Cards whose text has this ("Family", "restricted"). */
  cardsWith = (text: string) => this.cards().filter({ hasText: text });
  cardTitles = () => this.page.getByTestId('playlist-title');
  titles = () => this.cardTitles().allTextContents();
  descriptions = () => this.page.getByTestId('playlist-description');
  /** Each card's group name in the list view. */
  cardGroups = () => this.page.getByTestId('playlist-group');
  /** What a group with nothing to show says under its name. */
  groupNotes = () => this.page.getByTestId('group-note');
  text = (text: string) => this.page.getByText(text);

  pages = (where: 'top' | 'bottom') =>
    this.page.getByRole('navigation', { name: `Playlist pages (${where})` });
  goToPage = (where: 'top' | 'bottom', n: number) =>
    this.pages(where)
      .getByRole('button', { name: `Go to page ${n}` })
      .click();
  search = () => this.page.getByPlaceholder('Search playlists...');
  view = (name: 'List view' | 'Grid view') => this.page.getByRole('button', { name }).click();
  list = () => this.page.getByRole('list', { name: 'Playlists' });

  groupRow = () => this.page.getByRole('tablist', { name: 'Playlist groups' });
  groupTabs = () => this.groupRow().getByRole('tab');
  group = (name: string) => this.groupRow().getByRole('tab', { name });

  nowPlaying = (device: string) =>
    new NowPlayingModal(this.page.getByRole('dialog', { name: `Now Playing on ${device}` }));
  devicePicker = () => this.page.getByRole('dialog', { name: 'Select Device for Playback' });
  pickerButtons = () => this.devicePicker().getByRole('button');
  pickerButton = (device: RegExp) => this.devicePicker().getByRole('button', { name: device });
  /** The button above the cards that opens the Now Playing modal again. */
  nowPlayingButton = () => this.page.getByRole('button', { name: 'Now Playing' });
  /** Picks a player in the device picker. */
  pick = (device: string) => this.devicePicker().getByText(device).click();
  nextAlarmBanner = () => this.page.getByRole('status').filter({ hasText: 'Next alarm' });
  tooltip = () => this.page.getByRole('tooltip');
  dialogs = () => this.page.getByRole('dialog');
}
