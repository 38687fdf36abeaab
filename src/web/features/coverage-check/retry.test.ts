import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { isNoAnswer } from './failureMessage.js';
import { ADDRESS_SEARCH_RETRY_DELAYS_MS, retryWithDelays } from './retry.js';

const timeout = () => new ApiError('The server did not answer within 10 seconds.', null);

describe('retryWithDelays', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the SPEC retries: 2 more, after 1 s and then 2 s', () => {
    expect(ADDRESS_SEARCH_RETRY_DELAYS_MS).toEqual([1000, 2000]);
  });

  it('tries again after 1 s and then 2 s when the call times out, and returns the success', async () => {
    const attempt = vi.fn<(index: number) => Promise<string>>().mockRejectedValueOnce(timeout()).mockRejectedValueOnce(timeout()).mockResolvedValue('found');
    const result = retryWithDelays(attempt, { delaysMs: ADDRESS_SEARCH_RETRY_DELAYS_MS, shouldRetry: isNoAnswer });

    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('found');
    expect(attempt.mock.calls.map(([index]) => index)).toEqual([0, 1, 2]);
  });

  it('gives up with the last failure after the second retry', async () => {
    const attempt = vi.fn(() => Promise.reject(timeout()));
    const result = retryWithDelays(attempt, { delaysMs: ADDRESS_SEARCH_RETRY_DELAYS_MS, shouldRetry: isNoAnswer });
    const settled = expect(result).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry an answer from the server (a 429 or a 500)', async () => {
    for (const status of [429, 500]) {
      const attempt = vi.fn(() => Promise.reject(new ApiError('Too many requests', status)));
      const result = retryWithDelays(attempt, { delaysMs: ADDRESS_SEARCH_RETRY_DELAYS_MS, shouldRetry: isNoAnswer });
      await expect(result).rejects.toThrow('Too many requests');
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });

  it('stops waiting when the caller aborts (the visitor typed on)', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(() => Promise.reject(timeout()));
    const result = retryWithDelays(attempt, { delaysMs: ADDRESS_SEARCH_RETRY_DELAYS_MS, shouldRetry: isNoAnswer, signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
    // The pending wait rejects with the signal's reason (an AbortError), not with the timeout.
    await expect(result).rejects.toBe(controller.signal.reason);
    await expect(result).rejects.toBeInstanceOf(DOMException);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
