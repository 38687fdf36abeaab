import { describe, expect, it } from 'vitest';
import { addDomains, domainProblem, DUPLICATE_DOMAIN, normalizeDomain, splitDomains } from './allowedDomains.js';

const FORMAT_MESSAGE = 'Each domain must look like example.com, *.example.com or https://example.com';

describe('normalizeDomain', () => {
  it('trims, lower-cases and drops any path of a pasted address', () => {
    expect(normalizeDomain('  Partner.Example.com  ')).toBe('partner.example.com');
    expect(normalizeDomain('HTTPS://Partner.example.com:8443/coverage?x=1')).toBe('https://partner.example.com:8443');
    expect(normalizeDomain('example.com/')).toBe('example.com');
  });
});

describe('splitDomains', () => {
  it('reads several domains separated by commas, semicolons or new lines', () => {
    expect(splitDomains('a.example, b.example\n*.c.example;  https://d.example')).toEqual(['a.example', 'b.example', '*.c.example', 'https://d.example']);
  });

  it('keeps text with spaces as one entry, to be refused whole', () => {
    expect(splitDomains('not a domain')).toEqual(['not a domain']);
  });
});

describe('domainProblem', () => {
  it.each(['example.com', '*.example.com', 'https://example.com', 'http://localhost:8080'])('accepts %s', (domain) => {
    expect(domainProblem(domain, [])).toBeNull();
  });

  it.each(['not a domain', 'ftp://example.com', 'example..com', '"><script>', 'https://*'])('rejects %j with the shared message', (domain) => {
    expect(domainProblem(domain, [])).toBe(FORMAT_MESSAGE);
  });

  it('refuses a domain already listed', () => {
    expect(domainProblem('example.com', ['example.com'])).toBe(DUPLICATE_DOMAIN);
  });

  it('refuses a 51st domain', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `site${i}.example`);
    expect(domainProblem('one-more.example', fifty)).toBe('At most 50 domains');
  });
});

describe('addDomains', () => {
  it('adds each valid domain once, in order', () => {
    expect(addDomains('b.example, A.example', ['x.example'])).toEqual({ domains: ['x.example', 'b.example', 'a.example'], rest: '', problem: null });
  });

  it('adds none when one is bad, and names the bad one', () => {
    expect(addDomains('a.example, bad_domain!, c.example', ['x.example'])).toEqual({
      domains: ['x.example'],
      rest: 'a.example, bad_domain!, c.example',
      problem: `bad_domain!: ${FORMAT_MESSAGE}`,
    });
  });

  it('refuses a sentence rather than reading its words as hosts', () => {
    expect(addDomains('not a domain!', []).problem).toBe(`not a domain!: ${FORMAT_MESSAGE}`);
  });
});
