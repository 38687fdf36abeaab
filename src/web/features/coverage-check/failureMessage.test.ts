import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { failureMessage, isNoAnswer } from './failureMessage.js';

describe('failureMessage', () => {
  it("prefers the server's message on a 4xx answer", () => {
    expect(failureMessage(new ApiError('Too many requests, please try again later.', 429), 'Coverage check failed')).toBe(
      'Too many requests, please try again later.',
    );
    expect(failureMessage(new ApiError('Could not find the specified address', 404), 'Search failed')).toBe('Could not find the specified address');
  });

  it('uses the catalogue text for server faults and calls without an answer', () => {
    expect(failureMessage(new ApiError('Internal Server Error', 500), 'Coverage check failed')).toBe('Coverage check failed');
    expect(failureMessage(new ApiError('The server did not answer within 10 seconds.', null), 'Search failed')).toBe('Search failed');
    expect(failureMessage(new Error('boom'), 'Search failed')).toBe('Search failed');
  });

  it('counts only calls without an HTTP answer as worth retrying', () => {
    expect(isNoAnswer(new ApiError('timeout', null))).toBe(true);
    expect(isNoAnswer(new ApiError('nope', 503))).toBe(false);
    expect(isNoAnswer(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
