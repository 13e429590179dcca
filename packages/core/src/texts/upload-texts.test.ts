import { expect, it } from 'vitest';
import { unreadPlayersText } from './upload-texts';

it('names one, two or more players whose alarms could not be read', () => {
  expect(unreadPlayersText(['Bedroom Player'])).toBe("Couldn't read the alarms of Bedroom Player.");
  expect(unreadPlayersText(['Bedroom', 'Kitchen'])).toBe("Couldn't read the alarms of Bedroom and Kitchen.");
  expect(unreadPlayersText(['A', 'B', 'C'])).toBe("Couldn't read the alarms of A, B and C.");
});
