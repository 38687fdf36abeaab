import { describe, expect, it } from 'vitest';
import { antennaPhrase } from './antennaPhrase.js';

describe('antennaPhrase', () => {
  it('lowers a capitalised word and picks the article by its first letter', () => {
    expect(antennaPhrase('Roof antenna')).toBe('a roof antenna');
    expect(antennaPhrase('Long-range dish')).toBe('a long-range dish');
    expect(antennaPhrase('Outdoor unit')).toBe('an outdoor unit');
  });

  it('keeps an acronym and a lower-case name as written', () => {
    expect(antennaPhrase('LTU dish')).toBe('an LTU dish');
    expect(antennaPhrase('PtMP dish')).toBe('a PtMP dish');
    expect(antennaPhrase('dish')).toBe('a dish');
  });
});
