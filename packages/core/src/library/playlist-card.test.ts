import { describe, expect, it } from 'vitest';
import { playButtonLabel, playbackButtons, setAlarmButton } from './playlist-card';

describe('playlist card buttons', () => {
  it('Play tooltip names why a card without a card id cannot play', () => {
    expect(playButtonLabel('abc')).toBe('Play this playlist');
    expect(playButtonLabel(null)).toBe('Playlist not available for playback');
    expect(playButtonLabel('')).toBe('Playlist not available for playback');
  });

  it('Play when idle, Pause and Stop when playing, Resume and Stop when paused', () => {
    expect(playbackButtons('idle')).toEqual(['play']);
    expect(playbackButtons('playing')).toEqual(['pause', 'stop']);
    expect(playbackButtons('paused')).toEqual(['resume', 'stop']);
  });

  it('Set Alarm needs a card id and a connected player, else reads "Connect Device"', () => {
    expect(setAlarmButton('abc', true)).toEqual({ enabled: true, label: 'Set Alarm' });
    expect(setAlarmButton('abc', false)).toEqual({ enabled: false, label: 'Connect Device' });
    expect(setAlarmButton(null, true)).toEqual({ enabled: false, label: 'Connect Device' });
  });
});
