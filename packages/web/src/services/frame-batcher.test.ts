import { describe, expect, it } from 'vitest';
import { FrameBatcher } from './frame-batcher';

describe('FrameBatcher', () => {
  it('hands over everything pushed before the frame in one flush', () => {
    const frames: Array<() => void> = [];
    const flushed: number[][] = [];
    const batcher = new FrameBatcher<number>(
      (items) => flushed.push(items),
      (callback) => frames.push(callback),
    );
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(frames).toHaveLength(1);
    expect(flushed).toEqual([]);
    frames[0]!();
    expect(flushed).toEqual([[1, 2, 3]]);
    batcher.push(4);
    expect(frames).toHaveLength(2);
    frames[1]!();
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });
});
