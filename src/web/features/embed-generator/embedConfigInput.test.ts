import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_CONFIG_INPUT,
  LATITUDE_RANGE_MESSAGE,
  LOCATION_FORMAT_MESSAGE,
  LONGITUDE_RANGE_MESSAGE,
  resolveEmbedConfig,
  startEmbedConfigInput,
  ZOOM_MESSAGE,
} from './embedConfigInput.js';
import type { EmbedConfigInput } from './embedConfigInput.js';

const input = (changes: Partial<EmbedConfigInput> = {}): EmbedConfigInput => ({ ...DEFAULT_EMBED_CONFIG_INPUT, ...changes });

describe('resolveEmbedConfig', () => {
  it('gives the SPEC defaults with nothing changed', () => {
    expect(resolveEmbedConfig(DEFAULT_EMBED_CONFIG_INPUT)).toEqual({
      config: {
        showSearch: true,
        height: '600px',
        width: '100%',
        theme: 'light',
        zoom: 10,
        location: { lat: -25.7479, lng: 28.2293 },
      },
      problems: {},
    });
  });

  it('normalises CSS lengths: a bare number is pixels, units lower-cased', () => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ height: ' 450 ', width: '80VW' }));
    expect(problems).toEqual({});
    expect(resolved.height).toBe('450px');
    expect(resolved.width).toBe('80vw');
  });

  it.each(['abc', '0', '-5px', '100px;color:red', '"><script>', 'calc(100% - 2px)', '10pt'])('rejects the height %j and uses 600px', (height) => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ height }));
    expect(resolved.height).toBe('600px');
    expect(problems.height).toMatch(/^Height must be a CSS length/);
  });

  it('rejects a width that is not a length and uses 100%', () => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ width: '100%" onload="alert(1)' }));
    expect(resolved.width).toBe('100%');
    expect(problems.width).toMatch(/^Width must be a CSS length/);
  });

  it.each(['0', '19', 'abc', '12.5', '-3'])('falls back to zoom 10 with the message for %j', (zoom) => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ zoom }));
    expect(resolved.zoom).toBe(10);
    expect(problems.zoom).toBe(ZOOM_MESSAGE);
  });

  it('accepts zoom 1 and 18, and treats an empty zoom as the default', () => {
    expect(resolveEmbedConfig(input({ zoom: '1' })).config.zoom).toBe(1);
    expect(resolveEmbedConfig(input({ zoom: '18' })).config.zoom).toBe(18);
    expect(resolveEmbedConfig(input({ zoom: '' }))).toMatchObject({ config: { zoom: 10 }, problems: {} });
  });

  it('reads a location with spaces around the comma', () => {
    expect(resolveEmbedConfig(input({ location: ' -33.9 , 18.4 ' })).config.location).toEqual({ lat: -33.9, lng: 18.4 });
  });

  it.each([
    ['-33.9', LOCATION_FORMAT_MESSAGE],
    ['a,b', LOCATION_FORMAT_MESSAGE],
    ['1,2,3', LOCATION_FORMAT_MESSAGE],
    ['-33.9;18.4', LOCATION_FORMAT_MESSAGE],
    ['91,18', LATITUDE_RANGE_MESSAGE],
    ['-33.9,180.5', LONGITUDE_RANGE_MESSAGE],
  ])('rejects the location %j with its reason and keeps the default centre', (location, message) => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ location }));
    expect(problems.location).toBe(message);
    expect(resolved.location).toEqual({ lat: -25.7479, lng: 28.2293 });
  });

  it('accepts the extremes of the coordinate ranges', () => {
    expect(resolveEmbedConfig(input({ location: '-90,180' })).config.location).toEqual({ lat: -90, lng: 180 });
  });
});

describe('startEmbedConfigInput', () => {
  it('keeps the embed defaults without a start view', () => {
    expect(startEmbedConfigInput(null)).toBe(DEFAULT_EMBED_CONFIG_INPUT);
  });

  it('starts at the public map’s start view: its centre to 4 places and its zoom rounded down to a whole level', () => {
    const coverage = {
      source: 'coverage' as const,
      center: { lat: -28.450012, lng: 21.2500049 },
      zoom: 11.73,
      bounds: { west: 21.15, south: -28.55, east: 21.35, north: -28.35 },
    };
    expect(startEmbedConfigInput(coverage)).toEqual({ ...DEFAULT_EMBED_CONFIG_INPUT, location: '-28.45,21.25', zoom: '11' });
    expect(resolveEmbedConfig(startEmbedConfigInput(coverage)).problems).toEqual({});
  });
});
