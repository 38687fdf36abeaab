import { describe, expect, it } from 'vitest';
import { formatDay, progressPercent, publicProgressLine } from './zoneFormat.js';

describe("the zone's line on the public map", () => {
  it('is the count of the goal, a dash and the message', () => {
    expect(publicProgressLine(87, '120', 'help bring fibre to Bredasdorp')).toBe('87 of 120 — help bring fibre to Bredasdorp');
  });

  it('is the count of the goal alone without a message', () => {
    expect(publicProgressLine(1250, 2000, '   ')).toBe('1,250 of 2,000');
  });

  it('leaves the goal out while it is not a whole number yet', () => {
    expect(publicProgressLine(0, '', 'soon')).toBe('0 — soon');
    expect(publicProgressLine(0, '12.5', '')).toBe('0');
  });
});

describe('progress toward the goal', () => {
  it('is the percentage confirmed, full once reached or passed', () => {
    expect(progressPercent(87, 120)).toBeCloseTo(72.5, 9);
    expect(progressPercent(150, 120)).toBe(100);
  });
});

describe('a deadline', () => {
  it('is written as its own day, whatever the time zone', () => {
    expect(formatDay('2027-03-31')).toBe('31 Mar 2027');
  });
});
