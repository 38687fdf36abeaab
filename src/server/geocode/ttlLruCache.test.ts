import { describe, expect, it } from 'vitest';
import { TtlLruCache } from './ttlLruCache.js';

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

describe('TtlLruCache', () => {
  it('forgets an entry once its time to live has passed', () => {
    const clock = clockAt(0);
    const cache = new TtlLruCache<string, number>(10, 1000, clock);
    cache.set('a', 1);
    clock.ms = 999;
    expect(cache.get('a')).toBe(1);
    clock.ms = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently read entry when full', () => {
    const cache = new TtlLruCache<string, number>(2, 1000, clockAt(0));
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('restarts the time to live when an entry is set again', () => {
    const clock = clockAt(0);
    const cache = new TtlLruCache<string, number>(10, 1000, clock);
    cache.set('a', 1);
    clock.ms = 900;
    cache.set('a', 2);
    clock.ms = 1500;
    expect(cache.get('a')).toBe(2);
  });
});
