import { describe, expect, it } from 'vitest';
import { embedView, parseEmbedParams } from './embedParams.js';

describe('parseEmbedParams', () => {
  it('uses the SPEC defaults with no parameters', () => {
    expect(parseEmbedParams('')).toEqual({
      showSearch: true,
      height: '600px',
      theme: 'light',
      zoom: 10,
      center: { lat: -25.7479, lng: 28.2293 },
    });
  });

  it('reads every parameter', () => {
    expect(parseEmbedParams('search=false&height=450px&theme=dark&zoom=12&location=-33.9,18.4')).toEqual({
      showSearch: false,
      height: '450px',
      theme: 'dark',
      zoom: 12,
      center: { lat: -33.9, lng: 18.4 },
    });
  });

  it('takes a bare number as pixels and a percentage as viewport height', () => {
    expect(parseEmbedParams('height=500').height).toBe('500px');
    expect(parseEmbedParams('height=80%').height).toBe('80vh');
  });

  it.each(['height=0', 'height=-5px', 'height=100px;color:red', 'height=calc(100%)'])('falls back to 600px for %s', (q) => {
    expect(parseEmbedParams(q).height).toBe('600px');
  });

  it('clamps zoom to 1..18 and falls back to 10 when not a number', () => {
    expect(parseEmbedParams('zoom=25').zoom).toBe(18);
    expect(parseEmbedParams('zoom=0').zoom).toBe(1);
    expect(parseEmbedParams('zoom=abc').zoom).toBe(10);
  });

  it.each(['location=91,10', 'location=10,181', 'location=10', 'location=a,b'])('falls back to the embed centre for %s', (q) => {
    expect(parseEmbedParams(q).center).toEqual({ lat: -25.7479, lng: 28.2293 });
  });

  it('keeps the search bar for any search value but false', () => {
    expect(parseEmbedParams('search=true').showSearch).toBe(true);
    expect(parseEmbedParams('search=FALSE').showSearch).toBe(false);
  });
});

describe('embedView', () => {
  const coverage = {
    center: { lat: -28.45, lng: 21.25 },
    zoom: 11.7,
    bounds: { west: 21.15, south: -28.55, east: 21.35, north: -28.35 },
  };

  it('opens on the start view when neither location nor zoom is given, or neither is valid', () => {
    expect(embedView('', coverage)).toBe(coverage);
    expect(embedView('theme=dark&search=false', coverage)).toBe(coverage);
    expect(embedView('location=91,10&zoom=abc', coverage)).toBe(coverage);
  });

  it('lets the parameters win: a location alone at zoom 10, a zoom alone on the start view’s centre, both as given', () => {
    expect(embedView('location=-33.9,18.4', coverage)).toEqual({ center: { lat: -33.9, lng: 18.4 }, zoom: 10, bounds: null });
    expect(embedView('zoom=8', coverage)).toEqual({ center: { lat: -28.45, lng: 21.25 }, zoom: 8, bounds: null });
    expect(embedView('location=-33.9,18.4&zoom=25', coverage)).toEqual({ center: { lat: -33.9, lng: 18.4 }, zoom: 18, bounds: null });
  });
});
