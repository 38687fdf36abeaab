import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuitBreaker.js';

describe('CircuitBreaker', () => {
  it('lets calls through until one fails, then none for the cool-down, then one trial', () => {
    let now = 0;
    const breaker = new CircuitBreaker(60_000, () => now);
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    now = 59_999;
    expect(breaker.allows()).toBe(false);
    now = 60_000;
    expect(breaker.allows()).toBe(true);
    expect(breaker.allows()).toBe(false);
  });

  it('closes after a successful trial and re-opens after a failed one', () => {
    let now = 0;
    const breaker = new CircuitBreaker(1000, () => now);
    breaker.failed();
    now = 1000;
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    now = 1999;
    expect(breaker.allows()).toBe(false);
    now = 2000;
    expect(breaker.allows()).toBe(true);
    breaker.succeeded();
    expect(breaker.allows()).toBe(true);
    expect(breaker.allows()).toBe(true);
  });
});
