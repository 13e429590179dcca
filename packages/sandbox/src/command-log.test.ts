import { describe, expect, it } from 'vitest';
import { CommandLog } from './command-log';

const entry = (at: number) => ({ deviceId: 'p', topic: `device/p/command/n${at}`, at });

describe('CommandLog', () => {
  it('lists entries at or after `since`, oldest first', () => {
    const log = new CommandLog(10);
    for (const at of [100, 200, 300]) log.record(entry(at));
    expect(log.since(200).map((e) => e.at)).toEqual([200, 300]);
    expect(log.since(0).map((e) => e.at)).toEqual([100, 200, 300]);
    expect(log.since(301)).toEqual([]);
    expect(log.overwritten).toBe(0);
  });

  it('keeps the newest `capacity` entries and counts the ones it let go', () => {
    const log = new CommandLog(3);
    for (let at = 1; at <= 7; at += 1) log.record(entry(at));
    expect(log.since(0).map((e) => e.at)).toEqual([5, 6, 7]);
    expect(log.overwritten).toBe(4);
  });

  it('refuses a capacity below one', () => {
    expect(() => new CommandLog(0)).toThrow(RangeError);
  });
});
