import { describe, expect, it } from 'vitest';
import { MatchRank, matchRank, normalizeForSearch } from './searchText.js';

describe('normalizeForSearch', () => {
  it('folds case and accents', () => {
    expect(normalizeForSearch('Daniëlskuil')).toBe('danielskuil');
    expect(normalizeForSearch('ÉTÉ Çà')).toBe('ete ca');
  });

  it('drops apostrophes and turns other punctuation into single spaces', () => {
    expect(normalizeForSearch('Port Saint John’s')).toBe('port saint johns');
    expect(normalizeForSearch("Port Saint John's")).toBe('port saint johns');
    expect(normalizeForSearch('  Graaff-Reinet,  Eastern   Cape ')).toBe('graaff reinet eastern cape');
    expect(normalizeForSearch('100%_done\\')).toBe('100 done');
  });

  it('keeps letters of other scripts', () => {
    expect(normalizeForSearch('Αθήνα')).toBe('αθηνα');
  });

  it('gives an empty string for text with no letters or digits', () => {
    expect(normalizeForSearch(' -- ')).toBe('');
  });
});

describe('matchRank', () => {
  it('ranks an exact name above a name prefix above a word prefix', () => {
    expect(matchRank('paarl', 'paarl')).toBe(MatchRank.Exact);
    expect(matchRank('roodepoort', 'roodep')).toBe(MatchRank.Prefix);
    expect(matchRank('graaff reinet', 'rein')).toBe(MatchRank.WordPrefix);
  });

  it('lets a query of several words run across words', () => {
    expect(matchRank('port saint johns', 'saint jo')).toBe(MatchRank.WordPrefix);
    expect(matchRank('port saint johns', 'port saint')).toBe(MatchRank.Prefix);
  });

  it('does not match inside a word, or an empty query', () => {
    expect(matchRank('roodepoort', 'poort')).toBeUndefined();
    expect(matchRank('cape town', 'own')).toBeUndefined();
    expect(matchRank('cape town', '')).toBeUndefined();
  });
});
