import { describe, expect, it } from 'vitest';
import { frameAncestorSources } from './frameAncestors.js';

describe('frameAncestorSources', () => {
  it('lets any site frame the page when no domain is set', () => {
    expect(frameAncestorSources([])).toEqual(['*']);
  });

  it('allows this site and both schemes of a domain written without one', () => {
    expect(frameAncestorSources(['isp.example.com'])).toEqual(["'self'", 'http://isp.example.com', 'https://isp.example.com']);
  });

  it('keeps a scheme, port and subdomain wildcard as written, in lower case, once each', () => {
    expect(frameAncestorSources(['HTTPS://Partner.example.org:8443', '*.isp.example.com', 'https://partner.example.org:8443'])).toEqual([
      "'self'",
      'https://partner.example.org:8443',
      'http://*.isp.example.com',
      'https://*.isp.example.com',
    ]);
  });
});
