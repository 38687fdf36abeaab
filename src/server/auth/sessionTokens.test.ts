import { describe, expect, it } from 'vitest';
import { bearerToken, newToken, tokenHash } from './sessionTokens.js';

describe('session tokens', () => {
  it('are 43 base64url characters and differ each time', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });

  it('hash with the secret: same token and secret give the same hash, another secret another', () => {
    expect(tokenHash('abc', 's1')).toBe(tokenHash('abc', 's1'));
    expect(tokenHash('abc', 's1')).not.toBe(tokenHash('abc', 's2'));
    expect(tokenHash('abc', 's1')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the token from a Bearer header and nothing else', () => {
    const token = newToken();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(`Basic ${token}`)).toBeNull();
    expect(bearerToken('Bearer short')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
