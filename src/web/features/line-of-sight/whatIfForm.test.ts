import { describe, expect, it } from 'vitest';
import { waitlistedSpotsSummary, whatIfSummary } from './whatIfForm.js';

describe('what a candidate tower would reach', () => {
  it('counts the logged searches without coverage it would serve', () => {
    expect(whatIfSummary({ uncovered_searches_reached: 12, uncovered_searches_in_radius: 40, searches_truncated: false }, 10)).toBe(
      'Would reach 12 of 40 logged searches without coverage within 10 km.',
    );
  });

  it('counts the waitlisted spots it would reach beside them', () => {
    expect(waitlistedSpotsSummary({ waitlisted_spots_reached: 3, waitlisted_spots_in_radius: 5 }, 10)).toBe('3 waitlisted spots reached (of 5 within 10 km).');
    expect(waitlistedSpotsSummary({ waitlisted_spots_reached: 1, waitlisted_spots_in_radius: 1 }, 8)).toBe('1 waitlisted spot reached (of 1 within 8 km).');
    expect(waitlistedSpotsSummary({ waitlisted_spots_reached: 0, waitlisted_spots_in_radius: 0 }, 10)).toBe('No waitlisted spot lies within 10 km.');
  });
});
