import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.js';
import { EMBED_SUGGESTION_DEBOUNCE_MS, PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS } from './messages.js';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the SPEC waits: 200 ms on the public map and 150 ms in the embed', () => {
    expect(PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS).toBe(200);
    expect(EMBED_SUGGESTION_DEBOUNCE_MS).toBe(150);
  });

  it('calls once with the last arguments after the wait has passed without another call', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 200);
    debounced('R');
    vi.advanceTimersByTime(150);
    debounced('Ro');
    vi.advanceTimersByTime(150);
    debounced('Roo');
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('Roo');
  });

  it('waits afresh for a call made after one has run', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 150);
    debounced(1);
    vi.advanceTimersByTime(150);
    debounced(2);
    vi.advanceTimersByTime(149);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenLastCalledWith(2);
  });

  it('drops a waiting call on cancel and runs it at once on flush', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 200);
    debounced('a');
    expect(debounced.pending()).toBe(true);
    debounced.cancel();
    expect(debounced.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();

    debounced('b');
    debounced.flush();
    expect(fn).toHaveBeenCalledWith('b');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
