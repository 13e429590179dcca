import { describe, expect, it } from 'vitest';
import { idleShare, parseCpuLine } from './machine-cpu';

describe('machine CPU readings', () => {
  it('reads idle and iowait as idle, and the first eight fields as the total', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    expect(parseCpuLine('cpu  100 5 40 300 10 0 5 0 7 0')).toEqual({ idle: 310, total: 460 });
  });

  it('refuses a line that is not the all-cores line', () => {
    expect(parseCpuLine('cpu0 1 2 3 4 5 6 7 8')).toBeNull();
    expect(parseCpuLine('cpu 1 2 x 4')).toBeNull();
    expect(parseCpuLine('')).toBeNull();
  });

  it('gives the idle share between two readings', () => {
    expect(idleShare({ idle: 100, total: 400 }, { idle: 125, total: 500 })).toBe(0.25);
    expect(idleShare({ idle: 100, total: 400 }, { idle: 100, total: 500 })).toBe(0);
  });

  it('has no share without two readings or without time between them', () => {
    expect(idleShare(null, { idle: 1, total: 2 })).toBeNull();
    expect(idleShare({ idle: 1, total: 2 }, null)).toBeNull();
    expect(idleShare({ idle: 1, total: 2 }, { idle: 1, total: 2 })).toBeNull();
  });
});
