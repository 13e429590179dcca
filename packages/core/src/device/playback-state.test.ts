import { describe, expect, it } from 'vitest';
import {
  cardPlaybackPhase,
  initialPlaybackState,
  isCurrentlyPlaying,
  playbackEventFromStatus,
  playbackReducer,
  type PlaybackAction,
  type PlaybackState,
} from './playback-state';

const run = (...actions: PlaybackAction[]): PlaybackState =>
  actions.reduce(playbackReducer, initialPlaybackState);
const play = { type: 'play', cardId: 'c1', deviceId: 'd1' } as const;

describe('playback per card: local actions', () => {
  it('idle → Play → playing', () => {
    expect(run(play)).toEqual({ cardId: 'c1', deviceId: 'd1', isPlaying: true, isPaused: false });
    expect(cardPlaybackPhase(run(play), 'c1')).toBe('playing');
  });
  it('playing → Pause → paused → Resume → playing', () => {
    expect(cardPlaybackPhase(run(play, { type: 'pause' }), 'c1')).toBe('paused');
    expect(cardPlaybackPhase(run(play, { type: 'pause' }, { type: 'resume' }), 'c1')).toBe('playing');
  });
  it('Stop from playing or paused → idle', () => {
    expect(run(play, { type: 'stop' })).toEqual(initialPlaybackState);
    expect(run(play, { type: 'pause' }, { type: 'stop' })).toEqual(initialPlaybackState);
  });
  it('Pause when idle and Resume when playing change nothing (same object)', () => {
    const playing = run(play);
    expect(playbackReducer(initialPlaybackState, { type: 'pause' })).toBe(initialPlaybackState);
    expect(playbackReducer(playing, { type: 'resume' })).toBe(playing);
    expect(playbackReducer(initialPlaybackState, { type: 'stop' })).toBe(initialPlaybackState);
  });
  it('Play of another card switches to it', () => {
    expect(run(play, { type: 'play', cardId: 'c2', deviceId: 'd1' }).cardId).toBe('c2');
  });
});

describe('"currently playing": the card matches and playing or paused is set', () => {
  it('matches only the current card', () => {
    const state = run(play);
    expect(isCurrentlyPlaying(state, 'c1')).toBe(true);
    expect(isCurrentlyPlaying(state, 'c2')).toBe(false);
    expect(isCurrentlyPlaying(state, null)).toBe(false);
  });
  it('paused counts, idle does not', () => {
    expect(isCurrentlyPlaying(run(play, { type: 'pause' }), 'c1')).toBe(true);
    expect(isCurrentlyPlaying(run(play, { type: 'stop' }), 'c1')).toBe(false);
    expect(cardPlaybackPhase(initialPlaybackState, 'c1')).toBe('idle');
  });
});

describe('device events drive the same state', () => {
  it("'playing' sets playing and records card and device", () => {
    const state = run({ type: 'deviceEvent', status: 'playing', cardId: 'c9', deviceId: 'd2' });
    expect(state).toEqual({ cardId: 'c9', deviceId: 'd2', isPlaying: true, isPaused: false });
  });
  it("'paused' sets paused", () => {
    const state = run(play, { type: 'deviceEvent', status: 'paused', cardId: 'c1', deviceId: 'd1' });
    expect(state).toMatchObject({ cardId: 'c1', isPlaying: false, isPaused: true });
  });
  it("'stopped' clears the flags and the card (someone pressed stop on the player)", () => {
    expect(run(play, { type: 'deviceEvent', status: 'stopped', cardId: 'none', deviceId: 'd1' })).toEqual(
      initialPlaybackState,
    );
  });
  it('a repeated event returns the same object', () => {
    const state = run(play);
    expect(
      playbackReducer(state, { type: 'deviceEvent', status: 'playing', cardId: 'c1', deviceId: 'd1' }),
    ).toBe(state);
  });
  it("cardId 'none' does not overwrite the known card", () => {
    expect(run(play, { type: 'deviceEvent', status: 'paused', cardId: 'none' }).cardId).toBe('c1');
  });
  it("another connected player's reports leave the playing card alone", () => {
    const playing = run(play);
    for (const status of ['stopped', 'paused', 'playing'] as const) {
      expect(playbackReducer(playing, { type: 'deviceEvent', status, cardId: 'c7', deviceId: 'd2' })).toBe(
        playing,
      );
    }
    const paused = run(play, { type: 'pause' });
    expect(
      playbackReducer(paused, { type: 'deviceEvent', status: 'stopped', cardId: 'none', deviceId: 'd2' }),
    ).toBe(paused);
    // The playing player's own stop still ends it.
    expect(
      playbackReducer(paused, { type: 'deviceEvent', status: 'stopped', cardId: 'none', deviceId: 'd1' }),
    ).toEqual(initialPlaybackState);
  });
  it('once idle, a player that starts on its own is followed, whichever it is', () => {
    const stopped = run(play, { type: 'stop' });
    expect(
      playbackReducer(stopped, { type: 'deviceEvent', status: 'playing', cardId: 'c7', deviceId: 'd2' }),
    ).toEqual({ cardId: 'c7', deviceId: 'd2', isPlaying: true, isPaused: false });
  });
  it('maps playbackStatus; loading and unknown change nothing', () => {
    expect(playbackEventFromStatus('playing', 'c1', 'd1')).toEqual({
      type: 'deviceEvent',
      status: 'playing',
      cardId: 'c1',
      deviceId: 'd1',
    });
    expect(playbackEventFromStatus('loading', 'c1', 'd1')).toBeNull();
    expect(playbackEventFromStatus(undefined, 'c1', 'd1')).toBeNull();
  });
});
