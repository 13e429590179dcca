// Where each card was left on one player. Given card/start without `secondsIn`, a real player
// resumes that card there (and ignores the chapter and track asked for); card/stop does not clear
// the spot. `secondsIn` (0 included) starts afresh. A card played to its end starts over next time.

interface ResumePoint {
  chapterIndex: number;
  trackIndex: number;
  /** Seconds into the track. */
  position: number;
}

export class ResumePoints {
  private readonly points = new Map<string, ResumePoint>();

  remember(cardId: string, point: ResumePoint): void {
    this.points.set(cardId, { ...point });
  }

  get(cardId: string): ResumePoint | null {
    const point = this.points.get(cardId);
    return point ? { ...point } : null;
  }

  forget(cardId: string): void {
    this.points.delete(cardId);
  }
}
