import { describe, expect, it } from 'vitest';
import { resolveStartView } from './startView.js';

const PRETORIA = { lat: -25.7479, lng: 28.2293 };

describe('resolveStartView', () => {
  it('opens on the map’s own fixed point at zoom 10 without a start view (no coverage, or the configuration not read)', () => {
    expect(resolveStartView(null, PRETORIA)).toEqual({ center: PRETORIA, zoom: 10, bounds: null });
    expect(resolveStartView(undefined, PRETORIA)).toEqual({ center: PRETORIA, zoom: 10, bounds: null });
  });

  it('takes the server’s start view, with the coverage’s box to fit', () => {
    const bounds = { west: 21.15, south: -28.55, east: 21.35, north: -28.35 };
    expect(resolveStartView({ source: 'coverage', center: { lat: -28.45, lng: 21.25 }, zoom: 11.7, bounds }, PRETORIA)).toEqual({
      center: { lat: -28.45, lng: 21.25 },
      zoom: 11.7,
      bounds,
    });
    expect(resolveStartView({ source: 'administrator', center: { lat: -33.9, lng: 18.4 }, zoom: 9, bounds: null }, PRETORIA)).toEqual({
      center: { lat: -33.9, lng: 18.4 },
      zoom: 9,
      bounds: null,
    });
  });
});
