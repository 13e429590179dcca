// The deterministic demo household: same ids, titles and players on every start.
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { ACCOUNTS } from './accounts';
import { DEFAULT_DEVICE_CONFIG } from './device-config';
import type { Household, SeedCard, SeedDevice, SeedGroup } from './household';
import { createPrng } from './prng';
import { COVER_COUNT, createCardIdFactory, generateCard, isoDay } from './seed-cards';
import type { CardShape } from './seed-cards';

export const MIN_PLAYLISTS = 7;
export const MAX_PLAYLISTS = 10_000;
export const DEFAULT_PLAYLIST_COUNT = 42;
/** Where the demo family lives: its Bedroom Player and Playroom Mini keep this zone. */
export const DEFAULT_HOME_TIME_ZONE = 'Europe/London';
/** Grandma lives an ocean away, so the demo shows a player whose clock is not the family's. */
const GRANDMA_TIME_ZONE = 'America/New_York';

const DEMO = ACCOUNTS.demo.familyId;
const OTHER = ACCOUNTS.other.familyId;

/** The first own playlists are fixed so tests and the demo can rely on each special case. */
const DEMO_SPECIALS: Omit<CardShape, 'familyId' | 'mine'>[] = [
  { title: 'Good Morning Songs', category: 'music' },
  { title: 'Bedtime Stories', category: 'stories' },
  { title: 'Homemade Recordings', category: 'stories', cover: null },
  { title: "Grandad's Audiobook", category: 'stories', readable: false },
  { title: 'Car Journey Mix', category: undefined },
  { title: 'Quiet Time', category: 'none' },
  { title: 'Counting Songs', category: 'music', numericKeys: true },
];

function buildCards(count: number, shape: (i: number) => CardShape, seed: number, nextId: () => string) {
  const prng = createPrng(seed);
  return Array.from({ length: count }, (_, i) => generateCard(prng, nextId, i, shape(i)));
}

function group(id: string, familyId: string, name: string, cards: SeedCard[], day: number): SeedGroup {
  return {
    id,
    familyId,
    name,
    cover: cards.length > 0 ? day % COVER_COUNT : null,
    items: cards.map((card, i) => ({ contentId: card.cardId, addedAt: isoDay(day + i, 30) })),
    createdAt: isoDay(day),
    lastModifiedAt: isoDay(day + cards.length, 45),
  };
}

/**
 * The demo players have no night limit until a parent sets one, so what they do (and every test
 * of them) does not change with the time of day; a limit is one config write away.
 */
function device(base: Omit<SeedDevice, 'config'>, alarms: string[]): SeedDevice {
  return { ...base, config: { ...DEFAULT_DEVICE_CONFIG, nightMaxVolumeLimit: '16', alarms } };
}

/**
 * `homeTimeZone` moves the family's own players (not Grandma's): the e2e suite puts them where the
 * clock reads noon, hours from their alarms, as it does the browser.
 */
export function seedHousehold(
  playlistCount = DEFAULT_PLAYLIST_COUNT,
  homeTimeZone = DEFAULT_HOME_TIME_ZONE,
): Household {
  if (!Number.isInteger(playlistCount) || playlistCount < MIN_PLAYLISTS || playlistCount > MAX_PLAYLISTS) {
    throw new RangeError(`playlistCount must be a whole number from ${MIN_PLAYLISTS} to ${MAX_PLAYLISTS}`);
  }
  if (!isValidTimeZone(homeTimeZone)) {
    throw new RangeError(
      `homeTimeZone must be an IANA time zone such as Europe/London, not "${homeTimeZone}"`,
    );
  }
  const nextId = createCardIdFactory(createPrng(1), new Set());
  // Library and other family first: their ids do not depend on the number of own playlists.
  const favourites = buildCards(5, () => ({ familyId: DEMO, mine: false }), 11, nextId);
  const hidden = buildCards(3, () => ({ familyId: DEMO, mine: false, readable: false }), 12, nextId);
  const otherOwn = buildCards(4, () => ({ familyId: OTHER, mine: true }), 21, nextId);
  const otherShared = buildCards(2, () => ({ familyId: OTHER, mine: false }), 22, nextId);
  const own = buildCards(
    playlistCount,
    (i) => ({ familyId: DEMO, mine: true, ...(DEMO_SPECIALS[i] ?? {}) }),
    42,
    nextId,
  );
  const [morning, bedtime] = own;
  const [otherFirst] = otherOwn;
  if (!morning || !bedtime || !otherFirst) throw new Error('seed produced too few cards');

  const groups = [
    group('grp-family-favourites', DEMO, 'Family Favourites', favourites, 100),
    group('grp-grandparents-shelf', DEMO, "Grandparents' Shelf", hidden, 120),
    group('grp-new-this-week', DEMO, 'New This Week', [], 140),
    group('grp-other-stories', OTHER, 'Other Family Stories', otherShared, 90),
  ];

  const common = { releaseChannel: 'general', charging: false } as const;
  const devices = [
    device(
      {
        ...common,
        deviceId: 'demo-player-1',
        familyId: DEMO,
        name: 'Bedroom Player',
        description: "Sam's room",
        productType: 'v3',
        formFactor: 'standard',
        generation: 'gen3',
        firmwareVersion: 'v2.23.2',
        initiallyOnline: true,
        geoTimezone: homeTimeZone,
        networkSsid: 'DemoHome',
        batteryLevel: 87,
        volume: 8,
      },
      // Shaped as real players store them: chapter and track empty (docs/provider-contract.md, Alarm
      // strings).
      [`1111100,0700,${morning.cardId},,,6,1`, `0000011,0830,${bedtime.cardId},,,5,0`],
    ),
    device(
      {
        ...common,
        deviceId: 'demo-player-2',
        familyId: DEMO,
        name: 'Playroom Mini',
        description: 'Playroom shelf',
        productType: 'mini',
        formFactor: 'mini',
        generation: 'gen3',
        firmwareVersion: 'v2.23.2',
        initiallyOnline: true,
        geoTimezone: homeTimeZone,
        networkSsid: 'DemoHome',
        batteryLevel: 54,
        volume: 6,
      },
      // Six fields, no enabled flag (on), as a public client captured one.
      [`1111111,1930,${bedtime.cardId},,,4`],
    ),
    device(
      {
        ...common,
        deviceId: 'demo-player-3',
        familyId: DEMO,
        name: "Grandma's Player",
        description: "At Grandma's house",
        productType: 'v2',
        formFactor: 'standard',
        generation: 'gen2',
        firmwareVersion: 'v2.17.5',
        initiallyOnline: false,
        geoTimezone: GRANDMA_TIME_ZONE,
        networkSsid: 'Grandma-WiFi',
        batteryLevel: 100,
        volume: 10,
      },
      // Six fields, empty chapter and track: a form public clients have seen.
      [`0101000,0645,${morning.cardId},,,8`],
    ),
    device(
      {
        ...common,
        deviceId: 'other-player-1',
        familyId: OTHER,
        name: 'Kitchen Player',
        description: 'Other family kitchen',
        productType: 'v3',
        formFactor: 'standard',
        generation: 'gen3',
        firmwareVersion: 'v2.23.2',
        initiallyOnline: true,
        geoTimezone: 'America/New_York',
        networkSsid: 'OtherNet',
        batteryLevel: 72,
        volume: 7,
      },
      [`1111100,0715,${otherFirst.cardId},,,7,1`],
    ),
  ];

  return {
    cards: new Map([...favourites, ...hidden, ...otherOwn, ...otherShared, ...own].map((c) => [c.cardId, c])),
    groups: new Map(groups.map((g) => [g.id, g])),
    devices: new Map(devices.map((d) => [d.deviceId, d])),
  };
}
