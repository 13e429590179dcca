import { describe, expect, it } from 'vitest';
import {
  APP_TITLE,
  CLOUD_CONTEXTS,
  CONNECT_ACCOUNT_LABEL,
  MESSAGES,
  alarmCreated,
  alarmCreationFailed,
  alarmPlaylistNotFound,
  asSentence,
  cloudError,
  failedToTriggerAlarm,
  genericGroupItemTitle,
  httpErrorMessage,
  importedAlarms,
  invalidCardId,
  moreAlarms,
  noStatusData,
  playing,
} from './messages';

describe('messages, {provider} written Yoto', () => {
  it('writes the provider as Yoto', () => {
    expect(APP_TITLE).toBe('Yoto Playlist Alarms');
    expect(CONNECT_ACCOUNT_LABEL).toBe('Connect Yoto Account');
    expect(MESSAGES.noDevicesAvailable).toBe('No devices available. Please set up your Yoto player first.');
    expect(MESSAGES.noOnlineDevicesFound).toBe(
      'No online devices found. Please ensure your Yoto player is connected.',
    );
    expect(Object.values(MESSAGES).join(' ')).not.toContain('{provider}');
  });
  it('pins the session and load errors', () => {
    expect(MESSAGES.sessionExpired).toBe('Session expired. Please login again.');
    expect(MESSAGES.failedToLoadPlaylists).toBe('Failed to load playlists.');
  });
  it('fills templates', () => {
    expect(invalidCardId('Bedtime')).toBe('Playlist "Bedtime" does not have a valid card ID.');
    expect(playing('Bedtime')).toBe('Playing: Bedtime');
    expect(noStatusData('Bedroom Player')).toBe('No status data available for Bedroom Player');
    expect(alarmPlaylistNotFound('abc')).toBe('⚠️ Alarm triggered but playlist not found: abc');
    expect(failedToTriggerAlarm('boom')).toBe('❌ Failed to trigger alarm: boom');
    expect(importedAlarms(3)).toBe('Successfully imported 3 alarms from cloud storage');
    expect(genericGroupItemTitle('Stories', 2)).toBe('Stories - Item 2');
    expect(moreAlarms(2)).toBe('+2 more alarms...');
  });
  it('success toast for a created alarm', () => {
    expect(alarmCreated({ title: 'Songs', device: 'Bedroom Player', time: '07:00', days: 'weekdays' })).toBe(
      '✅ Alarm created! "Songs" will play on "Bedroom Player" at 07:00 on weekdays.',
    );
  });
  it('alarm creation failure uses the error message, else the default', () => {
    expect(alarmCreationFailed('Device offline')).toBe('Device offline');
    expect(alarmCreationFailed('')).toBe('Failed to create alarm');
    expect(alarmCreationFailed(undefined)).toBe('Failed to create alarm');
  });
  it('cloud errors are "{context}: {message}"', () => {
    expect(cloudError(CLOUD_CONTEXTS.deleteTypeAlarm('wakeup'), 'HTTP 500: Internal Server Error')).toBe(
      'Failed to delete wakeup alarm: HTTP 500: Internal Server Error',
    );
  });
  it('backend failures use the json error field, else "HTTP {status}: {statusText}"', () => {
    expect(httpErrorMessage(400, 'Bad Request', { error: 'hour must be 0 to 23' })).toBe(
      'hour must be 0 to 23',
    );
    expect(httpErrorMessage(502, 'Bad Gateway', '<html>')).toBe('HTTP 502: Bad Gateway');
    expect(httpErrorMessage(500, 'Internal Server Error', { error: { code: 'x' } })).toBe(
      'HTTP 500: Internal Server Error',
    );
  });
});

describe('asSentence', () => {
  it('adds a full stop only where none ends the text', () => {
    expect(asSentence('No access')).toBe('No access.');
    expect(asSentence('You may not read this card.')).toBe('You may not read this card.');
    expect(asSentence('Slow down!  ')).toBe('Slow down!');
    expect(asSentence('Really?')).toBe('Really?');
  });
});
