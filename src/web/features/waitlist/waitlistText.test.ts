import { describe, expect, it } from 'vitest';
import { entryStateText, entryTarget, summaryTotals } from './waitlistText.js';

describe('a waitlist entry', () => {
  it('names what it waits for: a provider or any, and the zone of a pre-registration', () => {
    expect(entryTarget({ provider_name: 'Fibre Co', zone_name: null })).toBe('Fibre Co');
    expect(entryTarget({ provider_name: null, zone_name: null })).toBe('Any provider');
    expect(entryTarget({ provider_name: 'Fibre Co', zone_name: 'Bredasdorp' })).toBe('Fibre Co · zone Bredasdorp');
  });

  it('tells a confirmed entry already told of service from one still waiting', () => {
    expect(entryStateText({ status: 'confirmed', notified_at: null })).toBe('Confirmed');
    expect(entryStateText({ status: 'confirmed', notified_at: '2026-11-26T10:00:00Z' })).toBe('Confirmed, told it is live');
    expect(entryStateText({ status: 'pending', notified_at: null })).toBe('Awaiting confirmation');
  });
});

describe('the summary', () => {
  it('adds up every provider’s counts', () => {
    const row = (provider_id: number | null, n: number) => ({ provider_id, provider_name: 'x', pending: n, confirmed: 2 * n, unsubscribed: 1, notified: n });
    expect(summaryTotals([row(1, 1), row(null, 3)])).toEqual({ pending: 4, confirmed: 8, unsubscribed: 2, notified: 4 });
  });
});
