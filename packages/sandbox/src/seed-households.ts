// Load-test households (SANDBOX_HOUSEHOLDS): household n is family `fam-household-n` with account
// `household-n`, two players (`household-n-player-1`, a v3, and `household-n-player-2`, a Mini,
// both online, no alarms of their own) and one playable card, `householdCardId(n)`. Built by hand
// rather than by the demo's generator: 1,000 players must start in well under a second.
import { DEFAULT_DEVICE_CONFIG } from './device-config';
import type { Household, SeedCard, SeedDevice } from './household';
import { householdCountSchema, householdFamilyId } from './household-accounts';

/** `h0001` … `h1000`: five characters like the provider's ids, never one the demo's generator made. */
export const householdCardId = (n: number): string => `h${String(n).padStart(4, '0')}`;

export const householdPlayerIds = (n: number): [string, string] => [
  `household-${n}-player-1`,
  `household-${n}-player-2`,
];

const CARD_SECONDS = 1_800;

function householdCard(n: number): SeedCard {
  return {
    cardId: householdCardId(n),
    familyId: householdFamilyId(n),
    mine: true,
    readable: true,
    title: `Household ${n} Wake-up`,
    description: 'One chapter.',
    category: 'music',
    author: 'Sandbox',
    cover: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    duration: CARD_SECONDS,
    fileSize: CARD_SECONDS * 16_000,
    chapters: [
      {
        key: '01',
        title: 'Chapter 1',
        duration: CARD_SECONDS,
        tracks: [{ key: '01', title: 'Track 1', duration: CARD_SECONDS }],
      },
    ],
  };
}

function householdDevice(n: number, deviceId: string, mini: boolean): SeedDevice {
  return {
    deviceId,
    familyId: householdFamilyId(n),
    name: mini ? `Household ${n} Mini` : `Household ${n} Player`,
    description: `Household ${n}`,
    productType: mini ? 'mini' : 'v3',
    formFactor: mini ? 'mini' : 'standard',
    generation: 'gen3',
    firmwareVersion: 'v2.23.2',
    releaseChannel: 'general',
    initiallyOnline: true,
    geoTimezone: 'UTC',
    networkSsid: `Household-${n}`,
    batteryLevel: 80,
    charging: false,
    volume: 6,
    // No night limit and no own alarms: only the cloud's commands make these players ring.
    config: { ...DEFAULT_DEVICE_CONFIG, nightMaxVolumeLimit: '16', alarms: [] },
  };
}

/** Adds `count` households to `household` (in place; the demo families' data is untouched). */
export function addHouseholds(household: Household, count: number): Household {
  const households = householdCountSchema.parse(count);
  for (let n = 1; n <= households; n += 1) {
    const card = householdCard(n);
    if (household.cards.has(card.cardId)) throw new Error(`card id ${card.cardId} is taken`);
    household.cards.set(card.cardId, card);
    const [first, second] = householdPlayerIds(n);
    household.devices.set(first, householdDevice(n, first, false));
    household.devices.set(second, householdDevice(n, second, true));
  }
  return household;
}
