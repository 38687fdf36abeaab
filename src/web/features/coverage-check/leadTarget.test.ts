import { describe, expect, it } from 'vitest';
import { signupHost } from './leadTarget.js';

describe('signupHost', () => {
  it("names the host of a provider's http(s) sign-up page", () => {
    expect(signupHost('https://overberg.example/signup?plan=50')).toBe('overberg.example');
    expect(signupHost('http://www.example.com:8080/join')).toBe('www.example.com:8080');
    expect(signupHost('https://bücher.example/')).toBe('xn--bcher-kva.example');
  });

  it('names none for a missing, malformed or non-web address', () => {
    expect(signupHost(null)).toBeNull();
    expect(signupHost('')).toBeNull();
    expect(signupHost('not a url')).toBeNull();
    expect(signupHost('javascript:alert(1)')).toBeNull();
    expect(signupHost('mailto:sales@overberg.example')).toBeNull();
  });
});
