// The playback of one player: the card, its chapters and tracks, the position clock, pause and
// resume, and the events each change sends.
import type { DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';
import { parseCardUri } from './card-uri';
import type { SeedCard } from './household';
import { IDLE_PLAYBACK } from './player-state';
import type { PlayerState } from './player-state';
import { ResumePoints } from './player-resume';

type Emit = (delta: Record<string, unknown>) => void;

interface StartAt {
  chapterKey: string | null;
  trackKey: string | null;
  /** null: resume the card where it was left (chapter and track are then ignored), else start here. */
  secondsIn: number | null;
  cutOff: number | null;
  source: 'remote' | 'card';
}

/**
 * A remote card/start as the player takes it: the card its URI names, at the chapter and track the
 * payload or the URI names; null for a card the player can't find.
 */
export function remoteStart(
  payload: DevicePayloads['card/start'],
  lookupCard: (cardId: string) => SeedCard | undefined,
): { card: SeedCard; at: StartAt } | null {
  const target = parseCardUri(payload.uri);
  const card = target ? lookupCard(target.cardId) : undefined;
  if (!target || !card) return null;
  const at: StartAt = {
    chapterKey: payload.chapterKey ?? target.chapterKey,
    trackKey: payload.trackKey ?? target.trackKey,
    // Without secondsIn a player resumes the card where it was left.
    secondsIn: payload.secondsIn ?? null,
    cutOff: payload.cutOff ?? null,
    source: 'remote',
  };
  return { card, at };
}

export class Playback {
  private card: SeedCard | null = null;
  private chapterIndex = 0;
  private trackIndex = 0;
  private readonly resumePoints = new ResumePoints();

  /** `state` is the player's own object: playback writes its playback fields in place. */
  constructor(
    private readonly state: PlayerState,
    private readonly emit: Emit,
  ) {}

  /** false when the chapter or track does not exist on the card. */
  start(card: SeedCard, at: StartAt): boolean {
    // The card playing now is left here: a start of the same card without secondsIn stays put.
    this.rememberSpot();
    const resumeAt = at.secondsIn === null ? this.resumePoints.get(card.cardId) : null;
    if (resumeAt) return this.begin(card, resumeAt.chapterIndex, resumeAt.trackIndex, resumeAt.position, at);
    const chapterIndex =
      at.chapterKey === null ? 0 : card.chapters.findIndex((c) => String(c.key) === at.chapterKey);
    const chapter = card.chapters[chapterIndex];
    if (!chapter) return false;
    const trackIndex =
      at.trackKey === null ? 0 : chapter.tracks.findIndex((t) => String(t.key) === at.trackKey);
    if (!chapter.tracks[trackIndex]) return false;
    return this.begin(card, chapterIndex, trackIndex, at.secondsIn ?? 0, at);
  }

  private begin(
    card: SeedCard,
    chapterIndex: number,
    trackIndex: number,
    position: number,
    at: StartAt,
  ): boolean {
    this.card = card;
    this.emit({ cardId: card.cardId, playbackStatus: 'loading' });
    this.enterTrack(chapterIndex, trackIndex, position);
    this.state.cutOff = at.cutOff;
    this.state.source = at.source;
    // A delta, as real players send it: the card was named by 'loading' just before.
    this.emit({ playbackStatus: 'playing', ...this.trackFields(), source: at.source });
    return true;
  }

  pause(): boolean {
    if (this.state.playbackStatus !== 'playing') return false;
    this.state.playbackStatus = 'paused';
    this.emit({ playbackStatus: 'paused', position: this.state.position });
    return true;
  }

  resume(): boolean {
    if (this.state.playbackStatus !== 'paused') return false;
    this.state.playbackStatus = 'playing';
    this.emit({ playbackStatus: 'playing', position: this.state.position });
    return true;
  }

  /** Stopping an idle player is fine: it answers OK and says it is stopped. */
  stop(): boolean {
    this.clear();
    this.emit({ cardId: 'none', playbackStatus: 'stopped' });
    return true;
  }

  /** Back to idle without a word: a reboot or a flat battery says nothing until it is back. */
  clear(): void {
    this.rememberSpot();
    this.card = null;
    Object.assign(this.state, IDLE_PLAYBACK);
  }

  get playing(): boolean {
    return this.state.playbackStatus === 'playing';
  }

  /** One second of playback. true when the caller should send a progress delta (every 5 s). */
  tick(progressEvery: number): boolean {
    if (!this.playing) return false;
    this.state.position += 1;
    if (this.state.cutOff !== null && this.state.position >= this.state.cutOff) {
      this.stop();
      return false;
    }
    if (this.state.position >= this.state.trackLength) {
      this.nextTrack();
      return false;
    }
    return this.state.position % progressEvery === 0;
  }

  private enterTrack(chapterIndex: number, trackIndex: number, position: number): void {
    const chapter = this.card?.chapters[chapterIndex];
    const track = chapter?.tracks[trackIndex];
    if (!this.card || !chapter || !track) return;
    this.chapterIndex = chapterIndex;
    this.trackIndex = trackIndex;
    Object.assign(this.state, {
      playbackStatus: 'playing',
      cardId: this.card.cardId,
      chapterKey: String(chapter.key),
      chapterTitle: chapter.title,
      trackKey: String(track.key),
      trackTitle: track.title,
      trackLength: track.duration,
      position: Math.min(Math.floor(position), Math.max(track.duration - 1, 0)),
    } satisfies Partial<PlayerState>);
  }

  /** The next track, the first of the next chapter, the start again with repeatAll, or stop. */
  private nextTrack(): void {
    const chapters = this.card?.chapters ?? [];
    const chapter = chapters[this.chapterIndex];
    if (chapter && this.trackIndex + 1 < chapter.tracks.length) {
      this.enterTrack(this.chapterIndex, this.trackIndex + 1, 0);
    } else if (this.chapterIndex + 1 < chapters.length) {
      this.enterTrack(this.chapterIndex + 1, 0, 0);
    } else if (this.state.repeatAll && chapters.length > 0) {
      this.enterTrack(0, 0, 0);
    } else {
      const finished = this.card?.cardId;
      this.stop();
      if (finished) this.resumePoints.forget(finished);
      return;
    }
    this.emit(this.trackFields());
  }

  /** The spot the current card is left at, for a later start without `secondsIn`. */
  private rememberSpot(): void {
    if (!this.card) return;
    this.resumePoints.remember(this.card.cardId, {
      chapterIndex: this.chapterIndex,
      trackIndex: this.trackIndex,
      position: this.state.position,
    });
  }

  /** What changes with a track: the delta of a new track carries only this (no card, no volume). */
  private trackFields(): Record<string, unknown> {
    const s = this.state;
    return {
      chapterKey: s.chapterKey,
      chapterTitle: s.chapterTitle,
      trackKey: s.trackKey,
      trackTitle: s.trackTitle,
      trackLength: s.trackLength,
      position: s.position,
    };
  }
}
