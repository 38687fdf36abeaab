import { describe, expect, it } from 'vitest';
import { footprintFileName } from './footprintFileName.js';

describe('footprintFileName', () => {
  it('names the download after the tower, in safe characters only', () => {
    expect(footprintFileName({ id: 7, name: 'Signal Hill', code: 'SH-1' }, 'kml')).toBe('signal-hill-footprint.kml');
    expect(footprintFileName({ id: 7, name: "Lion's Head (Ridge)", code: null }, 'geojson')).toBe('lions-head-ridge-footprint.geojson');
    expect(footprintFileName({ id: 7, name: 'Bélvédère "North"; x=1/../\\etc', code: null }, 'kml')).toBe('belvedere-north-x-1-etc-footprint.kml');
  });

  it('falls back to the code, then the id, when the name keeps no safe character', () => {
    expect(footprintFileName({ id: 7, name: 'Кейптаун', code: 'KT-9' }, 'kml')).toBe('kt-9-footprint.kml');
    expect(footprintFileName({ id: 7, name: '東京', code: null }, 'kml')).toBe('tower-7-footprint.kml');
  });

  it('keeps a long name to 60 characters', () => {
    const name = footprintFileName({ id: 7, name: 'a'.repeat(200), code: null }, 'kml');
    expect(name).toBe(`${'a'.repeat(60)}-footprint.kml`);
  });
});
