import { describe, expect, it } from 'vitest';
import { waitText } from './rateLimits.js';

describe('waitText', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
